import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { jsonResponse, stubApi } from '../../test/fixtures';
import type { CampaignRow } from './api';
import { LISTS, postedForm, renderStatic, validation } from './testUtils';

const campaign = (overrides: Partial<CampaignRow> = {}): CampaignRow => ({
  id: 3,
  description: 'Spring sale',
  numbers: 2,
  calls30Days: 14,
  createdAt: 1793523600,
  created: '01/11/2026',
  ...overrides,
});

const page = (campaigns: CampaignRow[], canEdit = true) => () =>
  jsonResponse({ campaigns, total: campaigns.length, canEdit });

const lists = () => jsonResponse(LISTS);
const table = () => screen.findByRole('table', { name: 'Campaigns' });
const rows = (t: HTMLElement) => within(t).getAllByRole('row').slice(1);

describe('the campaigns page', () => {
  test('lists the campaigns, asking the server for a page, and links each to its numbers', async () => {
    const fetch = stubApi({
      '/api/managecampaigns/getCampaigns': page([campaign(), campaign({ id: 4, description: 'Autumn', numbers: 0 })]),
      '/api/managenumbers/getNumberLists': lists,
    });
    renderStatic('/campaigns');
    expect(screen.getAllByText('Loading…').length).toBeGreaterThan(0);
    const t = await table();
    await waitFor(() => expect(rows(t)).toHaveLength(2));
    expect(rows(t)[0]).toHaveTextContent('Spring sale');
    expect(rows(t)[0]).toHaveTextContent('14');
    expect(rows(t)[0]).toHaveTextContent('01/11/2026');
    expect(within(rows(t)[0]).getByRole('link', { name: 'Spring sale' })).toHaveAttribute('href', '/campaigns/3');
    const asked = fetch.mock.calls
      .map(([url]) => new URL(String(url), 'http://localhost'))
      .find((url) => url.pathname.endsWith('getCampaigns'))!;
    expect(Object.fromEntries(asked.searchParams)).toEqual({
      page: '1',
      pageSize: '25',
      search: '',
      sort: 'description',
      direction: 'asc',
    });
  });

  test('says so when there are none; without the right to edit there are no buttons', async () => {
    stubApi({ '/api/managecampaigns/getCampaigns': page([], false), '/api/managenumbers/getNumberLists': lists });
    renderStatic('/campaigns');
    const t = await table();
    await waitFor(() => expect(t).toHaveTextContent('No campaigns yet.'));
    expect(screen.queryByRole('button', { name: 'Add campaign' })).not.toBeInTheDocument();
  });

  test('a failed load says so', async () => {
    stubApi({ '/api/managecampaigns/getCampaigns': () => jsonResponse({ success: false }, 500) });
    renderStatic('/campaigns');
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong loading this page.');
  });

  test('a 403 shows the permission page', async () => {
    stubApi({ '/api/managecampaigns/getCampaigns': () => jsonResponse({ code: 'FORBIDDEN' }, 403) });
    renderStatic('/campaigns');
    expect(await screen.findByRole('alert')).toHaveTextContent("You don't have permissions to see this page.");
  });

  test('adds a campaign: the domain checks the name first, the server answer shows under the field', async () => {
    let answer = () => jsonResponse(validation({ campaign: 'Description must be unique.' }), 422);
    const fetch = stubApi({
      '/api/managecampaigns/getCampaigns': page([campaign()]),
      '/api/managenumbers/getNumberLists': lists,
      '/api/managecampaigns/insertCampaign': () => answer(),
    });
    const user = renderStatic('/campaigns');
    await table();
    await user.click(await screen.findByRole('button', { name: 'Add campaign' }));
    const dialog = screen.getByRole('dialog', { name: 'Add campaign' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Description is required.')).toBeInTheDocument();
    await waitFor(() => expect(fetch.mock.calls.some(([u]) => String(u).includes('getNumberLists'))).toBe(true));
    await user.type(within(dialog).getByLabelText('Campaign name'), 'Autumn');
    expect(within(dialog).getByText('Description must be unique.')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Campaign name'));
    await user.type(within(dialog).getByLabelText('Campaign name'), 'Winter');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Description must be unique.')).toBeInTheDocument();
    answer = () => jsonResponse({ id: 9 });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText("Campaign 'Winter' added.")).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const insert = fetch.mock.calls.filter(([u]) => String(u).includes('insertCampaign')).at(-1)!;
    expect(postedForm(insert[1])).toEqual({ campaign: 'Winter' });
  });

  test('renames a campaign', async () => {
    const fetch = stubApi({
      '/api/managecampaigns/getCampaigns': page([campaign()]),
      '/api/managenumbers/getNumberLists': lists,
      '/api/managecampaigns/renameCampaign': () => jsonResponse({ id: 3, description: 'Summer sale' }),
    });
    const user = renderStatic('/campaigns');
    await table();
    await user.click(await screen.findByRole('button', { name: 'Rename Spring sale' }));
    const dialog = screen.getByRole('dialog', { name: 'Rename campaign' });
    const field = within(dialog).getByLabelText('Campaign name');
    expect(field).toHaveValue('Spring sale');
    await user.clear(field);
    await user.type(field, 'Summer sale');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText("Campaign 'Spring sale' renamed to 'Summer sale'.")).toHaveAttribute('role', 'status');
    const rename = fetch.mock.calls.find(([u]) => String(u).includes('renameCampaign'))!;
    expect(postedForm(rename[1])).toEqual({ id: '3', campaign: 'Summer sale' });
  });

  test('deleting asks first; the refusal of a campaign with numbers is shown in words', async () => {
    const fetch = stubApi({
      '/api/managecampaigns/getCampaigns': page([campaign()]),
      '/api/managenumbers/getNumberLists': lists,
      '/api/managecampaigns/deleteCampaign': () =>
        jsonResponse(validation({ id: 'This campaign holds 2 numbers. Move or release them first.' }), 422),
    });
    const user = renderStatic('/campaigns');
    await table();
    await user.click(await screen.findByRole('button', { name: 'Delete Spring sale' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete campaign' });
    expect(dialog).toHaveTextContent("Delete the campaign 'Spring sale'?");
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This campaign holds 2 numbers. Move or release them first.',
    );
    const remove = fetch.mock.calls.find(([u]) => String(u).includes('deleteCampaign'))!;
    expect(postedForm(remove[1])).toEqual({ id: '3' });
  });

  test('deletes an empty campaign', async () => {
    stubApi({
      '/api/managecampaigns/getCampaigns': page([campaign({ numbers: 0 })]),
      '/api/managenumbers/getNumberLists': lists,
      '/api/managecampaigns/deleteCampaign': () => jsonResponse({ success: true }),
    });
    const user = renderStatic('/campaigns');
    await table();
    await user.click(await screen.findByRole('button', { name: 'Delete Spring sale' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText("Campaign 'Spring sale' deleted.")).toHaveAttribute('role', 'status');
  });
});

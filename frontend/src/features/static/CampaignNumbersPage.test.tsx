import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, test } from 'vitest';
import { jsonResponse, stubApi } from '../../test/fixtures';
import { loadSelection } from '../../lib/routingSelection';
import type { NumberRow } from './api';
import { LISTS, numberRow, postedForm, renderStatic, validation, where } from './testUtils';

const SPRING = { id: 3, description: 'Spring sale', numbers: 2, created: '01/11/2026' };
const seven = numberRow();
const eight = numberRow({
  id: 8,
  number: '0161 496 0008',
  mediaDescription: 'Radio',
  channelId: 0,
  channel: '',
  routing: { mode: 'number', id: 0, label: '0161 496 0999' },
  callRecording: false,
  status: 'provisioning',
  statusLabel: 'Being connected',
});

function stub(rows: NumberRow[], extra: Record<string, Parameters<typeof stubApi>[0][string]> = {}, canEdit = true) {
  return stubApi({
    '/api/managecampaigns/getCampaign/3': () => jsonResponse(SPRING),
    '/api/managenumbers/getNumbers': () => jsonResponse({ numbers: rows, total: rows.length }),
    '/api/managenumbers/getNumberLists': () => jsonResponse({ ...LISTS, canEdit }),
    ...extra,
  });
}

const table = () => screen.findByRole('table', { name: 'Campaign numbers' });
const rows = (t: HTMLElement) => within(t).getAllByRole('row').slice(1);
const calls = (fetch: ReturnType<typeof stubApi>, path: string) =>
  fetch.mock.calls.filter(([u]) => String(u).includes(path));

async function ready(t: HTMLElement, count: number) {
  await waitFor(() => expect(rows(t)).toHaveLength(count));
  await screen.findByRole('checkbox', { name: 'Select 0161 496 0007' });
}

beforeEach(() => sessionStorage.clear());

describe("a campaign's numbers", () => {
  test("shows the campaign's name and its numbers with their attribution, routing and status", async () => {
    const fetch = stub([seven, eight]);
    renderStatic('/campaigns/3');
    expect(await screen.findByRole('heading', { level: 1, name: 'Spring sale' })).toBeInTheDocument();
    const t = await table();
    await waitFor(() => expect(rows(t)).toHaveLength(2));
    const [first, second] = rows(t);
    expect(within(first).getByRole('link', { name: '0161 496 0007' })).toHaveAttribute('href', '/campaigns/3/number/7');
    expect(first).toHaveTextContent('Van signage');
    expect(first).toHaveTextContent('Print');
    expect(first).toHaveTextContent('Reach plc');
    expect(within(first).getByRole('link', { name: 'Service plan: Office hours' })).toHaveAttribute('href', '/routing');
    expect(first).toHaveTextContent('On');
    expect(first).toHaveTextContent('20/11/2026');
    expect(first).toHaveTextContent('Live');
    expect(second).toHaveTextContent('Number: 0161 496 0999');
    expect(second).toHaveTextContent('Off');
    expect(second).toHaveTextContent('Being connected');
    const asked = new URL(String(calls(fetch, 'getNumbers')[0][0]), 'http://localhost').searchParams;
    expect(Object.fromEntries(asked)).toEqual({
      campaign: '3',
      page: '1',
      pageSize: '25',
      search: '',
      sort: 'bought',
      direction: 'desc',
    });
  });

  test('after a purchase the notice shows and the bought number is marked New and highlighted', async () => {
    stub([seven, eight]);
    renderStatic({
      pathname: '/campaigns/3',
      state: { notice: 'Your static number has been successfully added.', bought: ['01614960008'] },
    });
    const t = await table();
    await waitFor(() => expect(rows(t)).toHaveLength(2));
    expect(screen.getByText('Your static number has been successfully added.')).toHaveAttribute('role', 'status');
    expect(rows(t)[1]).toHaveClass('row-new');
    expect(within(rows(t)[1]).getByText('New')).toBeInTheDocument();
    expect(rows(t)[0]).not.toHaveClass('row-new');
    expect(within(rows(t)[0]).queryByText('New')).not.toBeInTheDocument();
  });

  test('an empty campaign says so; without the right to edit there is no selection nor action', async () => {
    stub([], {}, false);
    renderStatic('/campaigns/3');
    const t = await table();
    await waitFor(() => expect(t).toHaveTextContent('This campaign holds no numbers yet.'));
    expect(screen.queryByRole('button', { name: 'Release' })).not.toBeInTheDocument();
    expect(within(t).queryByRole('checkbox')).not.toBeInTheDocument();
  });

  test("another customer's campaign (404) is not found", async () => {
    stubApi({});
    renderStatic('/campaigns/99');
    expect(await screen.findByRole('alert')).toHaveTextContent('This campaign was not found.');
  });

  test('a failed load says so', async () => {
    stubApi({ '/api/managecampaigns/getCampaign/3': () => jsonResponse({ success: false }, 500) });
    renderStatic('/campaigns/3');
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong loading this page.');
  });

  test('edits one number: every field is posted; the server message shows under its field', async () => {
    let answer = () => jsonResponse(validation({ mediaDescription: 'Maximum media description length is 120 characters.' }), 422);
    const fetch = stub([seven, eight], { '/api/managenumbers/updateNumbers': () => answer() });
    const user = renderStatic('/campaigns/3');
    const t = await table();
    await ready(t, 2);
    const actions = screen.getByRole('button', { name: 'Edit attribution' });
    expect(actions).toBeDisabled();
    await user.click(within(t).getByRole('checkbox', { name: 'Select 0161 496 0007' }));
    await user.click(actions);
    const dialog = screen.getByRole('dialog', { name: 'Edit attribution' });
    const description = within(dialog).getByLabelText('Media description');
    expect(description).toHaveValue('Van signage');
    await user.clear(description);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Media description is required.')).toBeInTheDocument();
    expect(calls(fetch, 'updateNumbers')).toHaveLength(0);
    await user.type(description, 'Bus stop');
    await user.selectOptions(within(dialog).getByLabelText('Department'), '21');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Maximum media description length is 120 characters.')).toBeInTheDocument();
    expect(postedForm(calls(fetch, 'updateNumbers')[0][1])).toEqual({
      'ids[]': ['7'],
      mediaDescription: 'Bus stop',
      channel: '11',
      department: '21',
      mediaOwner: '31',
    });
    answer = () => jsonResponse({ updated: 1 });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('0161 496 0007 saved.')).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(calls(fetch, 'getNumbers').length).toBeGreaterThan(1));
  });

  test('edits several numbers: only the fields changed are posted, a new channel added inline', async () => {
    const fetch = stub([seven, eight], {
      '/api/managechannels/insertChannel': () => jsonResponse({ id: 12 }),
      '/api/managenumbers/updateNumbers': () => jsonResponse({ updated: 2 }),
    });
    const user = renderStatic('/campaigns/3');
    const t = await table();
    await ready(t, 2);
    await user.click(within(t).getByRole('checkbox', { name: 'Select all rows on this page' }));
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit attribution' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit attribution' });
    expect(within(dialog).getByLabelText('Media description')).toHaveValue('');
    expect(within(dialog).getByLabelText('Channel')).toHaveValue('');
    await user.click(within(dialog).getByRole('button', { name: 'Add channel' }));
    const add = screen.getByRole('dialog', { name: 'Add channel' });
    await user.type(within(add).getByLabelText('Description'), 'Outdoor');
    await user.click(within(add).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add channel' })).not.toBeInTheDocument());
    expect(within(dialog).getByLabelText('Channel')).toHaveValue('12');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('2 numbers saved.')).toHaveAttribute('role', 'status');
    expect(postedForm(calls(fetch, 'insertChannel')[0][1])).toEqual({ channel: 'Outdoor' });
    expect(postedForm(calls(fetch, 'updateNumbers')[0][1])).toEqual({ 'ids[]': ['7', '8'], channel: '12' });
  });

  test('moves the selected numbers to another campaign', async () => {
    let answer = () => jsonResponse(validation({ campaign: 'Campaign is required.' }), 422);
    const fetch = stub([seven, eight], { '/api/managenumbers/moveNumbers': () => answer() });
    const user = renderStatic('/campaigns/3');
    const t = await table();
    await ready(t, 2);
    await user.click(within(t).getByRole('checkbox', { name: 'Select 0161 496 0008' }));
    await user.click(screen.getByRole('button', { name: 'Move' }));
    const dialog = screen.getByRole('dialog', { name: 'Move to another campaign' });
    const choice = within(dialog).getByLabelText('Campaign');
    expect(within(choice).queryByRole('option', { name: 'Spring sale' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    expect(await within(dialog).findByText('Campaign is required.')).toBeInTheDocument();
    answer = () => jsonResponse({ moved: 1, campaign: 'Autumn' });
    await user.selectOptions(choice, '4');
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    expect(await screen.findByText("1 number moved to 'Autumn'.")).toHaveAttribute('role', 'status');
    expect(postedForm(calls(fetch, 'moveNumbers')[1][1])).toEqual({ 'ids[]': ['8'], campaign: '4' });
  });

  test('change routing keeps the selection for the connect page it goes to', async () => {
    stub([seven, eight], {
      '/api/manageconnections/getSelectedDetails': () =>
        jsonResponse({ selectionDetails: [], hasOnlyBasicFeatures: true }),
    });
    const user = renderStatic('/campaigns/3');
    const t = await table();
    await ready(t, 2);
    await user.click(within(t).getByRole('checkbox', { name: 'Select 0161 496 0008' }));
    await user.click(screen.getByRole('button', { name: 'Change routing' }));
    await waitFor(() => expect(where()).toBe('/routing/numbers'));
    expect(loadSelection()).toEqual([8]);
  });

  test('releasing says what it means, asks for the password and posts its key', async () => {
    const fetch = stub([seven, eight], {
      '/api/handleajax/confirmPassword': () => jsonResponse({ status: 1, key: 'k-123' }),
      '/api/managenumbers/releaseNumbers': () =>
        jsonResponse({
          released: ['0161 496 0007'],
          chargeEnds: '30/11/2026',
          returnsToInventory: '21/02/2027',
          message:
            'Released 0161 496 0007. The monthly charge ends on 30/11/2026; the number returns to the inventory on 21/02/2027.',
        }),
    });
    const user = renderStatic('/campaigns/3');
    const t = await table();
    await ready(t, 2);
    await user.click(within(t).getByRole('checkbox', { name: 'Select 0161 496 0007' }));
    await user.click(screen.getByRole('button', { name: 'Release' }));
    const confirm = screen.getByRole('dialog', { name: 'Release 0161 496 0007' });
    expect(confirm).toHaveTextContent('the monthly charge ends on 30/11/2026');
    expect(confirm).toHaveTextContent('return to the inventory on 21/02/2027');
    await user.click(within(confirm).getByRole('button', { name: 'Release' }));
    const password = screen.getByRole('dialog', { name: 'Confirm your password to release' });
    await user.type(within(password).getByLabelText('Password'), 'demopass');
    await user.click(within(password).getByRole('button', { name: 'Confirm' }));
    expect(
      await screen.findByText(
        'Released 0161 496 0007. The monthly charge ends on 30/11/2026; the number returns to the inventory on 21/02/2027.',
      ),
    ).toHaveAttribute('role', 'status');
    expect(postedForm(calls(fetch, 'releaseNumbers')[0][1])).toEqual({ 'ids[]': ['7'], key: 'k-123' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  test('a refused release says so', async () => {
    stub([seven], {
      '/api/handleajax/confirmPassword': () => jsonResponse({ status: 1, key: 'k-1' }),
      '/api/managenumbers/releaseNumbers': () => jsonResponse({ code: 'FORBIDDEN' }, 403),
    });
    const user = renderStatic('/campaigns/3');
    const t = await table();
    await ready(t, 1);
    await user.click(within(t).getByRole('checkbox', { name: 'Select 0161 496 0007' }));
    await user.click(screen.getByRole('button', { name: 'Release' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Release' }));
    await user.type(screen.getByLabelText('Password'), 'demopass');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The release was refused. Please try again.');
  });
});

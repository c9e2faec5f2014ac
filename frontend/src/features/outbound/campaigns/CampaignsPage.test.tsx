import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { MemoryRouter } from 'react-router';
import { describe, expect, test } from 'vitest';
import { jsonResponse, stubApi } from '../../../test/fixtures';
import type { CampaignsPageData } from './api';
import { CampaignsPage, NO_CAMPAIGNS } from './CampaignsPage';

const REFUSAL = 'This campaign is used by 2 agents: Morgan Marsh and Olivia Owen. Move them to another campaign first.';

function page(canEdit = true): CampaignsPageData {
  return {
    campaigns: [
      { id: 7, name: 'Spring recall', agents: 2, deleteQuestion: REFUSAL },
      { id: 8, name: 'Renewals', agents: 0, deleteQuestion: "Delete the campaign 'Renewals'? No agent uses it." },
    ],
    outboundDailyEnabled: true,
    outboundWeeklyEnabled: false,
    outboundMonthlyEnabled: false,
    recordOutboundCalls: true,
    canEdit,
  };
}

function renderPage(routes: Parameters<typeof stubApi>[0] = {}, data = page()) {
  const fetch = stubApi({
    '/api/outboundcampaigns/getCampaigns': () => jsonResponse(data),
    '/api/outboundcampaigns/addCampaign': () => jsonResponse({ campaign: { name: 'Winter', value: '9' } }),
    '/api/outboundcampaigns/editCampaign/8': () => jsonResponse({ success: true }),
    '/api/outboundcampaigns/deleteCampaign/8': () => jsonResponse({ success: true }),
    '/api/outboundcampaigns/saveReportSettings': () => jsonResponse({ success: true }),
    '/api/outboundcampaigns/saveRecording': () => jsonResponse({ success: true }),
    ...routes,
  });
  render(
    <MemoryRouter>
      <main>
        <CampaignsPage title="Outbound campaigns" />
      </main>
    </MemoryRouter>,
  );
  return { user: userEvent.setup(), fetch };
}

const posted = (fetch: ReturnType<typeof stubApi>, part: string) =>
  fetch.mock.calls.find(([url]) => String(url).includes(part))?.[1]?.body as FormData | undefined;

describe('the outbound campaigns page', () => {
  test('lists the campaigns with their agents', async () => {
    renderPage();
    const table = await screen.findByRole('table', { name: 'Outbound campaigns' });
    const spring = within(table).getByRole('link', { name: 'Spring recall' });
    expect(spring).toHaveAttribute('href', '/outboundcampaigns/7');
    expect(within(spring.closest('tr')!).getByText('2')).toBeInTheDocument();
    const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((v) => v.id)).toEqual([]);
  });

  test('a campaign is added with the domain checking the name as typed', async () => {
    const { user, fetch } = renderPage();
    const form = await screen.findByRole('form', { name: 'New campaign' });
    await user.type(within(form).getByLabelText('New campaign'), 'spring RECALL');
    await user.click(within(form).getByRole('button', { name: 'Add campaign' }));
    expect(within(form).getByText('Another campaign already has this name.')).toBeInTheDocument();
    expect(posted(fetch, 'addCampaign')).toBeUndefined();
    await user.clear(within(form).getByLabelText('New campaign'));
    await user.type(within(form).getByLabelText('New campaign'), 'Winter');
    await user.click(within(form).getByRole('button', { name: 'Add campaign' }));
    expect(await screen.findByText("The campaign 'Winter' was added.")).toBeInTheDocument();
    expect(posted(fetch, 'addCampaign')?.get('outboundCampaignName')).toBe('Winter');
  });

  test('a campaign is renamed in place', async () => {
    const { user, fetch } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit Renewals' }));
    const form = screen.getByRole('form', { name: 'New name for Renewals' });
    await user.clear(within(form).getByLabelText('New name for Renewals'));
    await user.type(within(form).getByLabelText('New name for Renewals'), 'Renewals 2027');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText("The campaign was renamed to 'Renewals 2027'.")).toBeInTheDocument();
    expect(posted(fetch, 'editCampaign/8')?.get('outboundCampaignName')).toBe('Renewals 2027');
  });

  test('a campaign agents use is not offered for deletion; another is deleted after confirmation', async () => {
    const { user, fetch } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Delete Spring recall' }));
    expect(screen.getByText(REFUSAL)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Delete Renewals' }));
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText("The campaign 'Renewals' was deleted.")).toBeInTheDocument();
    expect(posted(fetch, 'deleteCampaign/8')).toBeDefined();
  });

  test('the report emails on offer are saved', async () => {
    const { user, fetch } = renderPage();
    const form = await screen.findByRole('form', { name: 'Outbound report emails' });
    expect(within(form).getByLabelText('Daily report')).toBeChecked();
    await user.click(within(form).getByLabelText('Monthly report'));
    await user.click(within(form).getByRole('button', { name: 'Save report emails' }));
    expect(await screen.findByText('The report emails were saved.')).toBeInTheDocument();
    const body = posted(fetch, 'saveReportSettings')!;
    expect([body.get('outboundDailyEnabled'), body.get('outboundWeeklyEnabled'), body.get('outboundMonthlyEnabled')]).toEqual(['1', '0', '1']);
  });

  test("whether agents' calls out are recorded is saved, and says so", async () => {
    const { user, fetch } = renderPage();
    const form = await screen.findByRole('form', { name: 'Call recording' });
    const box = within(form).getByLabelText("Record agents' calls out");
    expect(box).toBeChecked();
    await user.click(box);
    await user.click(within(form).getByRole('button', { name: 'Save call recording' }));
    expect(await screen.findByText("Agents' calls out will not be recorded.")).toBeInTheDocument();
    expect(posted(fetch, 'saveRecording')!.get('recordOutboundCalls')).toBe('0');
  });

  test('a user who may not change campaigns sees them only; an empty list says so', async () => {
    renderPage({}, { ...page(false), campaigns: [] });
    expect(await screen.findByText(NO_CAMPAIGNS)).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'New campaign' })).toBeNull();
    expect(screen.getByLabelText('Daily report')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save report emails' })).toBeNull();
    expect(screen.getByLabelText("Record agents' calls out")).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save call recording' })).toBeNull();
  });
});

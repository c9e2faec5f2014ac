import { screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, test } from 'vitest';
import { addonPrice, item, renderPurchase } from '../../../components/purchase/testUtils';
import { account, jsonResponse, stubApi } from '../../../test/fixtures';
import type { AgentsPageData } from './api';
import { AgentsPage, LOAD_FAILED, NO_AGENTS } from './AgentsPage';

const LIMIT =
  'All 2 agents your account pays for are in use. Buy another agent to give Uma Upton outbound access, or take access from an agent first.';

function page(overrides: Partial<AgentsPageData> = {}): AgentsPageData {
  return {
    agents: [
      {
        id: 1,
        name: 'Olivia Owen',
        email: 'owner@demo.test',
        outboundNumber: '01632960001',
        campaignId: 7,
        campaign: 'Spring recall',
        calls30Days: 42,
        talkSeconds30Days: 3720,
        talkTime30Days: '1h 02m',
        takeQuestion: 'Take outbound access from Olivia Owen? Their calls stay in your reports.',
      },
    ],
    seats: { agents: 2, paid: 2, free: 0, summary: '2 of 2 paid agents in use.' },
    candidates: [{ id: 3, name: 'Uma Upton', giveQuestion: 'Give Uma Upton outbound access?' }],
    canEdit: true,
    canBuy: true,
    addAgentScope: 'outbound_additional_user',
    allInUse: null,
    ...overrides,
  };
}

function renderPage(routes: Parameters<typeof stubApi>[0] = {}, data: AgentsPageData = page()) {
  const fetch = stubApi({
    '/api/agents/getAgents': () => jsonResponse(data),
    '/api/agents/takeAccess/1': () => jsonResponse({ success: true, seats: data.seats }),
    ...routes,
  });
  const rendered = renderPurchase(account({ addonScopes: ['outbound_additional_user'] }), {
    ui: (
      <main>
        <AgentsPage title="Agents" />
      </main>
    ),
  });
  return { ...rendered, fetch };
}

const posted = (fetch: ReturnType<typeof stubApi>, part: string) =>
  fetch.mock.calls.filter(([url]) => String(url).includes(part)).map(([, init]) => init?.body as FormData);

describe('the agents page', () => {
  test('lists each agent with their number, campaign and last 30 days, and the paid agents', async () => {
    renderPage();
    const table = await screen.findByRole('table', { name: 'Outbound agents' });
    const row = within(table).getByRole('link', { name: 'Olivia Owen' }).closest('tr')!;
    expect(within(table).getByRole('link', { name: 'Olivia Owen' })).toHaveAttribute('href', '/agents/1');
    for (const text of ['owner@demo.test', '01632 960001', 'Spring recall', '42', '1h 02m']) {
      expect(within(row).getByText(text)).toBeInTheDocument();
    }
    expect(screen.getByText('2 of 2 paid agents in use.')).toBeInTheDocument();
    const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((v) => v.id)).toEqual([]);
  });

  test("an agent is found by their number, typed as stored or as shown", async () => {
    const { user } = renderPage();
    const table = await screen.findByRole('table', { name: 'Outbound agents' });
    const search = screen.getByRole('searchbox', { name: 'Search' });
    for (const typed of ['01632960001', '01632 960001']) {
      await user.clear(search);
      await user.type(search, typed);
      expect(within(table).getByRole('link', { name: 'Olivia Owen' })).toBeInTheDocument();
    }
    await user.clear(search);
    await user.type(search, '0161 496');
    expect(within(table).queryByRole('link', { name: 'Olivia Owen' })).not.toBeInTheDocument();
  });

  test('giving access asks first; every paid agent in use is refused with the offer to buy another', async () => {
    const { user, fetch } = renderPage({
      '/api/agents/giveAccess': () =>
        jsonResponse({ success: false, code: 'AGENT_LIMIT_REACHED', errors: { userId: LIMIT } }, 422),
      '/api/services/getAddonPrice': () =>
        jsonResponse(addonPrice({ name: 'Outbound additional user', items: [item(12)] })),
    });
    const form = await screen.findByRole('form', { name: 'Give outbound access' });
    await user.selectOptions(within(form).getByLabelText('User'), 'Uma Upton');
    await user.click(within(form).getByRole('button', { name: 'Give outbound access' }));
    const dialog = await screen.findByRole('dialog', { name: 'Give outbound access' });
    expect(dialog).toHaveTextContent('Give Uma Upton outbound access?');
    await user.click(within(dialog).getByRole('button', { name: 'Give access' }));
    const alert = await screen.findByText(LIMIT);
    expect(posted(fetch, 'giveAccess')[0].get('userId')).toBe('3');
    await user.click(within(alert.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Buy another agent' }));
    const modal = await screen.findByRole('dialog', { name: 'Outbound additional user' });
    expect(modal).toHaveTextContent('£12');
  });

  test('every paid agent in use is said before a user is chosen, with the way to buy another', async () => {
    const full =
      'All 2 agents your account pays for are in use. Buy another agent to give a user outbound access, or take access from an agent first.';
    const { user } = renderPage(
      {
        '/api/services/getAddonPrice': () =>
          jsonResponse(addonPrice({ name: 'Outbound additional user', items: [item(12)] })),
      },
      page({ allInUse: full }),
    );
    const note = await screen.findByText(full);
    expect(screen.queryByRole('form', { name: 'Give outbound access' })).toBeNull();
    await user.click(within(note.closest('[role="status"]') as HTMLElement).getByRole('button', { name: 'Buy another agent' }));
    expect(await screen.findByRole('dialog', { name: 'Outbound additional user' })).toHaveTextContent('£12');
  });

  test('a given user is reported and the list reloaded', async () => {
    const { user, fetch } = renderPage({
      '/api/agents/giveAccess': () => jsonResponse({ success: true, seats: page().seats }),
    });
    const form = await screen.findByRole('form', { name: 'Give outbound access' });
    await user.selectOptions(within(form).getByLabelText('User'), 'Uma Upton');
    await user.click(within(form).getByRole('button', { name: 'Give outbound access' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Give access' }));
    expect(await screen.findByText('Uma Upton now has outbound access.')).toBeInTheDocument();
    await waitFor(() => expect(fetch.mock.calls.filter(([u]) => String(u).includes('getAgents'))).toHaveLength(2));
  });

  test('taking access asks first', async () => {
    const { user, fetch } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Take outbound access from Olivia Owen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Take outbound access' });
    expect(dialog).toHaveTextContent('Take outbound access from Olivia Owen?');
    await user.click(within(dialog).getByRole('button', { name: 'Take access' }));
    expect(await screen.findByText('Olivia Owen no longer has outbound access.')).toBeInTheDocument();
    expect(posted(fetch, 'takeAccess/1')).toHaveLength(1);
  });

  test('a user who may not change agents sees no actions, and an empty list says so', async () => {
    renderPage({}, page({ agents: [], canEdit: false, canBuy: false }));
    expect(await screen.findByText(NO_AGENTS)).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Give outbound access' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Buy another agent' })).toBeNull();
  });

  test('a failed load says so', async () => {
    renderPage({ '/api/agents/getAgents': () => jsonResponse({ success: false }, 500) });
    expect(await screen.findByText(LOAD_FAILED)).toBeInTheDocument();
  });
});

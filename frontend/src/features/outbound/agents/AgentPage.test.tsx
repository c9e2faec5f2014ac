import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, test } from 'vitest';
import { jsonResponse, stubApi } from '../../../test/fixtures';
import type { AgentPageData } from './api';
import { AgentPage, NOT_AN_AGENT } from './AgentPage';

const NOT_A_CHOICE = 'Choose one of your tracked numbers or verified caller ids.';

function data(page = 1): AgentPageData {
  return {
    agent: {
      id: 10,
      name: 'Morgan Marsh',
      email: 'manager@demo.test',
      outboundNumber: '',
      campaignId: null,
      campaign: '',
      calls30Days: 3,
      talkSeconds30Days: 245,
      talkTime30Days: '4m 05s',
      takeQuestion: '',
    },
    calls: [
      {
        id: 900 + page,
        started: `2${page}/11/2026 09:15`,
        talkSeconds: 245,
        duration: '4m 05s',
        kind: 'Mobile',
        number: '',
        campaign: 'Spring recall',
        cost: '0.40',
      },
    ],
    total: 30,
    page,
    pageSize: 25,
    campaigns: [{ id: 7, name: 'Spring recall' }],
    callerIds: [
      { number: '01632960123', label: '01632 960123 · Tracked number' },
      { number: '07700900123', label: '07700 900123 · Verified caller id' },
    ],
    canEdit: true,
  };
}

function renderPage(routes: Parameters<typeof stubApi>[0] = {}) {
  const fetch = stubApi({
    '/api/agents/getAgent/10': (_init, url) => jsonResponse(data(Number(url.searchParams.get('page')))),
    '/api/agents/setCampaign/10': () => jsonResponse({ success: true }),
    ...routes,
  });
  render(
    <MemoryRouter>
      <main>
        <AgentPage title="Agent" id={10} />
      </main>
    </MemoryRouter>,
  );
  return { user: userEvent.setup(), fetch };
}

describe("an agent's page", () => {
  test('shows the details and pages through the calls', async () => {
    const { user } = renderPage();
    expect(await screen.findByRole('heading', { name: 'Agent: Morgan Marsh' })).toBeInTheDocument();
    expect(screen.getByText('manager@demo.test')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Outbound calls of Morgan Marsh' });
    expect(within(table).getByText('21/11/2026 09:15')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 2 (30 calls)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('22/11/2026 09:15')).toBeInTheDocument();
  });

  test("the agent's campaign is saved when chosen", async () => {
    const { user, fetch } = renderPage();
    await user.selectOptions(await screen.findByLabelText('Campaign'), 'Spring recall');
    expect(await screen.findByText("The agent's campaign was saved.")).toBeInTheDocument();
    const body = fetch.mock.calls.find(([u]) => String(u).includes('setCampaign'))?.[1]?.body as FormData;
    expect(body.get('outboundCampaignId')).toBe('7');
  });

  test("the agent's caller id is picked from the tracked numbers and verified caller ids", async () => {
    const { user, fetch } = renderPage({ '/api/agents/setCallerId/10': () => jsonResponse({ success: true }) });
    const box = await screen.findByRole('combobox', { name: 'Outbound number' });
    await user.click(box);
    await user.type(box, 'verified');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(await screen.findByText("The agent's calls now show 07700 900123.")).toBeInTheDocument();
    const body = fetch.mock.calls.find(([u]) => String(u).includes('setCallerId'))?.[1]?.body as FormData;
    expect(body.get('outboundNumber')).toBe('07700900123');
  });

  test("a caller id the server refuses says why", async () => {
    const { user } = renderPage({
      '/api/agents/setCallerId/10': () => jsonResponse({ success: false, errors: { outboundNumber: NOT_A_CHOICE } }, 422),
    });
    const box = await screen.findByRole('combobox', { name: 'Outbound number' });
    await user.click(box);
    await user.type(box, 'tracked');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(await screen.findByText(NOT_A_CHOICE)).toBeInTheDocument();
  });

  test('a user who is not an agent is said to be none', async () => {
    renderPage({ '/api/agents/getAgent/10': () => jsonResponse({ success: false, code: 'NOT_FOUND' }, 404) });
    expect(await screen.findByText(NOT_AN_AGENT)).toBeInTheDocument();
  });
});

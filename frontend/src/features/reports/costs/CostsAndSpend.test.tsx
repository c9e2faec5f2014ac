import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, test } from 'vitest';
import { callsTo, jsonResponse, stubApi } from '../../../test/fixtures';
import { COSTS_FAILED, CostsSection, NO_SPEND } from '../../../components/costs/CostsSection';
import type { CostReport } from '../../../components/costs/api';
import type { SpendMonth } from './api';
import { shiftMonth, SpendPage } from './SpendPage';

const facts = (spendPence: number, calls: number, sales = 0, revenuePence = 0) => ({
  spendPence,
  calls,
  firstTime: Math.max(calls - 1, 0),
  qualified: Math.floor(calls / 2),
  sales,
  revenuePence,
});

const REPORT: CostReport = {
  firstDay: '2026-10-25',
  lastDay: '2026-11-23',
  previousLabel: 'vs previous 30 days',
  by: 'source',
  rows: [
    { id: 10, label: 'yell.com / referral', current: facts(12_000, 4, 1, 36_000), previous: facts(12_000, 6) },
    { id: 1, label: 'google / cpc', current: facts(0, 9), previous: facts(0, 7) },
  ],
  total: { id: 0, label: 'All calls', current: facts(12_000, 13, 1, 36_000), previous: facts(12_000, 13) },
};

function renderCosts(answer: (url: URL) => Response) {
  const fetch = stubApi({ '/api/reports/costs': (_init, url) => answer(url) });
  render(
    <MemoryRouter>
      <CostsSection period="preset=last30Days" />
    </MemoryRouter>,
  );
  return { fetch, user: userEvent.setup() };
}

describe('what each call cost', () => {
  test("each line's costs are the domain's arithmetic on the server's figures", async () => {
    const { fetch, user } = renderCosts(() => jsonResponse(REPORT));
    const table = await screen.findByRole('table', { name: 'What each call cost' });
    const yell = within(table).getByRole('row', { name: /yell\.com/ });
    // £120 over 4 calls; 3.00× return; 6 calls before at £20.00 each.
    expect(within(yell).getByText('£30.00')).toBeInTheDocument();
    expect(within(yell).getByText('£40.00')).toBeInTheDocument();
    expect(within(yell).getByText('3.00×')).toBeInTheDocument();
    expect(within(yell).getByText('+50% vs previous 30 days')).toBeInTheDocument();
    expect(within(yell).getByText('was £20.00')).toBeInTheDocument();
    // Without spend there is nothing to divide.
    const google = within(table).getByRole('row', { name: /google/ });
    expect(within(google).getAllByText('—').length).toBeGreaterThan(3);
    expect(within(table).getByRole('row', { name: /All calls/ })).toBeInTheDocument();
    expect(screen.queryByText(NO_SPEND, { exact: false })).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Break down by'), 'campaign');
    await waitFor(() => expect(callsTo(fetch, '/api/reports/costs')).toHaveLength(2));
    expect(String(callsTo(fetch, '/api/reports/costs')[1][0])).toContain('by=campaign');
  });

  test('no spend says where to enter it', async () => {
    const noSpend = { ...REPORT, rows: [REPORT.rows[1]], total: { ...REPORT.total, current: facts(0, 9) } };
    renderCosts(() => jsonResponse(noSpend));
    expect(await screen.findByText(NO_SPEND, { exact: false })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ad spend' })).toHaveAttribute('href', '/reports/spend');
  });

  test('a failure says so and offers to try again', async () => {
    renderCosts(() => jsonResponse({ success: false }, 500));
    expect(await screen.findByRole('alert')).toHaveTextContent(COSTS_FAILED);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

const MONTH: SpendMonth = {
  month: '2026-11',
  monthLabel: 'November 2026',
  days: Array.from({ length: 30 }, (_, i) => `2026-11-${String(i + 1).padStart(2, '0')}`),
  today: '2026-11-23',
  lines: [
    {
      sourceMediumId: 10,
      campaignId: null,
      routingEntryId: null,
      label: 'yell.com / referral',
      origin: 'manual',
      originLabel: 'Entered by hand',
      days: [12_000, ...Array(29).fill(null)],
      total: '£120.00',
    },
    {
      sourceMediumId: null,
      campaignId: null,
      routingEntryId: 41,
      label: '01632 960 141',
      origin: 'manual',
      originLabel: 'Entered by hand',
      days: [4_500, ...Array(29).fill(null)],
      total: '£45.00',
    },
  ],
  total: '£165.00',
  sources: [
    { id: 1, label: 'google / cpc' },
    { id: 10, label: 'yell.com / referral' },
  ],
  campaigns: [{ id: 3, label: 'Local radio' }],
  numbers: [
    { id: 40, label: '01632 960 140' },
    { id: 41, label: '01632 960 141' },
    { id: 50, label: 'Website visitors' },
  ],
  imports: [
    { platform: 'google_ads', label: 'Google Ads', connected: false, state: 'Not connected: connect Google Ads on its integration page to import its spend every day.' },
  ],
  canEdit: true,
};

describe('the ad spend page', () => {
  test('a month shows its lines and imports, and its table is checked by the domain before it is sent', async () => {
    const posted: string[][] = [];
    const fetch = stubApi({
      '/api/spend/getMonth': () => jsonResponse(MONTH),
      '/api/spend/saveMonth': (init) => {
        posted.push((init?.body as FormData).getAll('amounts[]').map(String));
        return jsonResponse({ success: true, message: 'Saved the spend on yell.com / referral for November 2026: £150.00 over 2 days.' });
      },
    });
    render(
      <MemoryRouter>
        <SpendPage title="Ad spend" />
      </MemoryRouter>,
    );
    const user = userEvent.setup();
    expect(await screen.findByText(/Not connected: connect Google Ads/)).toBeInTheDocument();
    const lines = screen.getByRole('table', { name: 'Spend in November 2026' });
    expect(within(lines).getByRole('row', { name: /yell\.com/ })).toHaveTextContent('£120.00');
    // Choosing the line fills its month as entered.
    await user.selectOptions(screen.getByLabelText('Source / medium'), '10');
    expect(screen.getByLabelText('1 Nov')).toHaveValue('120.00');
    expect(screen.getByLabelText('24 Nov')).toBeDisabled();
    await user.type(screen.getByLabelText('3 Nov'), 'twelve');
    await user.click(screen.getByRole('button', { name: 'Save the month' }));
    expect(await screen.findByText('Enter an amount in pounds, like 12.50.')).toBeInTheDocument();
    expect(callsTo(fetch, '/api/spend/saveMonth')).toHaveLength(0);
    await user.clear(screen.getByLabelText('3 Nov'));
    await user.type(screen.getByLabelText('3 Nov'), '30');
    await user.click(screen.getByRole('button', { name: 'Save the month' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Saved the spend on yell.com / referral');
    expect(posted[0].slice(0, 3)).toEqual(['120.00', '', '30']);
    expect(posted[0]).toHaveLength(30);
  });

  test('a number is found by typing part of it, and its line is saved on it', async () => {
    const posted: FormData[] = [];
    stubApi({
      '/api/spend/getMonth': () => jsonResponse(MONTH),
      '/api/spend/saveMonth': (init) => {
        posted.push(init?.body as FormData);
        return jsonResponse({ success: true, message: 'Saved the spend on 01632 960 141 for November 2026: £45.00 over 1 day.' });
      },
    });
    render(
      <MemoryRouter>
        <SpendPage title="Ad spend" />
      </MemoryRouter>,
    );
    const user = userEvent.setup();
    const number = await screen.findByRole('combobox', { name: 'Number' });
    await user.type(number, '960141');
    const listed = screen.getByRole('listbox', { name: 'Number' });
    expect(within(listed).getAllByRole('option').map((o) => o.textContent)).toEqual(['01632 960 141']);
    await user.keyboard('{Enter}');
    expect(number).toHaveValue('01632 960 141');
    expect(screen.getByLabelText('1 Nov')).toHaveValue('45.00');
    await user.click(screen.getByRole('button', { name: 'Save the month' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Saved the spend on 01632 960 141');
    expect(posted[0].get('routingEntryId')).toBe('41');
    expect(posted[0].get('sourceMediumId')).toBe('');
  });

  test('months step back and forth, never past this one', () => {
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
  });
});

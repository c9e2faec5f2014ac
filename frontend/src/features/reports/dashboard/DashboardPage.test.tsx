import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { MemoryRouter } from 'react-router';
import { describe, expect, test } from 'vitest';
import { jsonResponse, stubApi } from '../../../test/fixtures';
import type { Dashboard, PeriodChange } from './api';
import { DashboardPage, LOAD_FAILED, NO_CALLS } from './DashboardPage';
import { periodQuery, shortDay } from './period';
import { stackTops } from './StackedBarChart';

// The canvas chart is uPlot's; jsdom has no canvas, so the plots are recorded instead (for every
// test file: src/test/setup.ts).
import { plots } from '../../../test/uplot';

function change(current: number, previous: number, text: string): PeriodChange {
  return { current, previous, changePercent: previous ? Math.round(((current - previous) * 100) / previous) : null, change: text };
}

const DAYS = ['2026-11-17', '2026-11-18', '2026-11-19'];

function dashboard(overrides: Partial<Dashboard> = {}): Dashboard {
  return {
    firstDay: DAYS[0],
    lastDay: DAYS[2],
    previousLabel: 'vs previous 3 days',
    days: DAYS,
    grouping: 'day',
    bars: ['17 Nov', '18 Nov', '19 Nov'],
    by: 'source',
    bySource: [
      { label: 'google / cpc', calls: [2, 0, 1] },
      { label: '(none)', calls: [0, 1, 0] },
    ],
    answered: [1, 1, 0],
    missed: [1, 0, 1],
    topSources: [
      { label: 'google / cpc', calls: 3, answered: 1, firstTime: 1 },
      { label: '(none)', calls: 1, answered: 1, firstTime: 0 },
    ],
    totals: {
      calls: change(4, 2, '+100% vs previous 3 days'),
      answered: change(2, 2, 'No change vs previous 3 days'),
      missed: change(2, 0, 'New vs previous 3 days'),
      firstTime: change(1, 0, 'New vs previous 3 days'),
      averageTalkSeconds: change(91, 100, '\u22129% vs previous 3 days'),
      averageTalk: '1:31',
      previousAverageTalk: '1:40',
    },
    ...overrides,
  };
}

function renderPage(answer: (url: URL) => Response, path = '/reports/dashboard') {
  const fetch = stubApi({
    '/api/reports/dashboard': (_init, url) => answer(url),
    '/api/reports/costs': () => jsonResponse({ firstDay: DAYS[0], lastDay: DAYS[2], previousLabel: 'vs previous 3 days', by: 'source', rows: [], total: { id: 0, label: 'All calls', current: {}, previous: {} } }),
  });
  render(
    <MemoryRouter initialEntries={[path]}>
      <main>
        <DashboardPage title="Dashboard" />
      </main>
    </MemoryRouter>,
  );
  return { user: userEvent.setup(), fetch };
}

const asked = (fetch: ReturnType<typeof stubApi>) =>
  fetch.mock.calls.map(([input]) => String(input)).filter((path) => path.startsWith('/api/reports/dashboard'));

describe('the reports dashboard', () => {
  test('shows each total against the period before, the charts with their tables and the top sources', async () => {
    plots.length = 0;
    const { fetch } = renderPage(() => jsonResponse(dashboard()));
    expect(await screen.findByText('+100% vs previous 3 days')).toBeInTheDocument();
    expect(asked(fetch)).toEqual(['/api/reports/dashboard']);
    const calls = screen.getByText('Calls', { selector: 'dt' }).parentElement!;
    expect(calls).toHaveTextContent('Calls4+100% vs previous 3 days (previous period: 2)');
    const talk = screen.getByText('Average talk time', { selector: 'dt' }).parentElement!;
    expect(talk).toHaveTextContent('1:31\u22129% vs previous 3 days (previous period: 1:40)');
    expect(screen.getByText('First-time callers', { selector: 'dt' }).parentElement).toHaveTextContent('New vs previous 3 days');

    expect(
      screen.getByRole('img', { name: 'Calls per day by source / medium, 17/11/2026 to 19/11/2026: google / cpc 3, (none) 1' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /^Answered and missed calls per day, 17\/11\/2026 to 19\/11\/2026: 2 answered, 2 missed$/ })).toBeInTheDocument();
    // The period as every page writes days (the server sends YYYY-MM-DD).
    expect(screen.getByText('17/11/2026 to 19/11/2026')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Calls per day by source / medium' });
    expect(within(table).getByRole('row', { name: '17 Nov 2 0' })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: '18 Nov 0 1' })).toBeInTheDocument();
    const top = screen.getByRole('table', { name: 'Top sources' });
    expect(within(top).getByRole('row', { name: 'google / cpc 3 1 1' })).toBeInTheDocument();

    // The stacked chart draws the tops of the stack, the tallest first.
    const bySource = plots.find((p) => p.series[1]?.label === '(none)')!;
    expect(bySource.data).toEqual([
      [0, 1, 2],
      [2, 1, 1],
      [2, 0, 1],
    ]);
  });

  test('the page has no accessibility violations axe finds (contrast is checked in Chromium)', async () => {
    renderPage(() => jsonResponse(dashboard()));
    await screen.findByText('+100% vs previous 3 days');
    const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' ')}`)).toEqual([]);
  });

  test('the calls break down by campaign, and a long period is a bar a week', async () => {
    const { user, fetch } = renderPage((url) =>
      jsonResponse(
        url.searchParams.get('by') === 'campaign'
          ? dashboard({
              by: 'campaign',
              grouping: 'week',
              bars: ['w/c 16 Nov'],
              bySource: [{ label: 'Local radio', calls: [3] }],
              answered: [2],
              missed: [1],
              topSources: [{ label: 'Local radio', calls: 3, answered: 2, firstTime: 1 }],
            })
          : dashboard(),
      ),
    );
    await screen.findByRole('heading', { name: 'Calls per day by source / medium' });
    await user.selectOptions(screen.getByLabelText('Break the calls down by'), 'campaign');
    expect(await screen.findByRole('heading', { name: 'Calls per week by campaign' })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Top campaigns' })).toHaveTextContent('Local radio');
    expect(screen.getByRole('table', { name: 'Calls per week by campaign' })).toHaveTextContent('w/c 16 Nov');
    expect(asked(fetch)).toContain('/api/reports/dashboard?by=campaign');
  });

  test('a period without calls says so', async () => {
    const empty = dashboard({
      bySource: [],
      topSources: [],
      answered: [0, 0, 0],
      missed: [0, 0, 0],
      totals: { ...dashboard().totals, calls: change(0, 0, 'No change vs previous 3 days') },
    });
    renderPage(() => jsonResponse(empty));
    expect(await screen.findByText(NO_CALLS)).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  test('choosing a period asks for it; a custom range waits for both days', async () => {
    const { user, fetch } = renderPage(() => jsonResponse(dashboard()));
    await screen.findByText('+100% vs previous 3 days');
    await user.selectOptions(screen.getByLabelText('Period'), 'Last 7 days');
    await waitFor(() => expect(asked(fetch)).toContain('/api/reports/dashboard?preset=last7Days'));
    await user.selectOptions(screen.getByLabelText('Period'), 'Custom range');
    const apply = screen.getByRole('button', { name: 'Apply' });
    expect(apply).toBeDisabled();
    await user.type(screen.getByLabelText('From'), '2026-11-01');
    await user.type(screen.getByLabelText('To'), '2026-11-10');
    await user.click(apply);
    await waitFor(() => expect(asked(fetch)).toContain('/api/reports/dashboard?preset=custom&from=2026-11-01&to=2026-11-10'));
    expect(asked(fetch)).toHaveLength(3);
  });

  test('a range the server refuses shows its message at the dates', async () => {
    renderPage(
      () => jsonResponse({ success: false, code: 'VALIDATION_FAILED', errors: { from: 'A report covers at most 25 months.' } }, 422),
      '/reports/dashboard?preset=custom&from=2024-01-01&to=2026-11-10',
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('A report covers at most 25 months.');
    expect(screen.getByLabelText('From')).toHaveAccessibleDescription('A report covers at most 25 months.');
  });

  test('a failure offers to try again', async () => {
    let failures = 1;
    const { user } = renderPage(() => (failures-- > 0 ? jsonResponse({ success: false }, 500) : jsonResponse(dashboard())));
    expect(await screen.findByRole('alert')).toHaveTextContent(LOAD_FAILED);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('+100% vs previous 3 days')).toBeInTheDocument();
  });

  test('without the reports permission the page says so', async () => {
    renderPage(() => jsonResponse({ success: false, code: 'FORBIDDEN' }, 403));
    expect(await screen.findByRole('alert')).toHaveTextContent("You don't have permissions to see this page.");
  });
});

describe('the dashboard helpers', () => {
  test('the period query leaves out the default and waits for a custom range', () => {
    expect(periodQuery(new URLSearchParams(''))).toBe('');
    expect(periodQuery(new URLSearchParams('preset=last30Days'))).toBe('');
    expect(periodQuery(new URLSearchParams('preset=today&from=x'))).toBe('preset=today');
    expect(periodQuery(new URLSearchParams('preset=custom&from=2026-11-01'))).toBeNull();
    expect(shortDay('2026-03-09')).toBe('9 Mar');
  });

  test('each series is stacked on those before it', () => {
    expect(stackTops([{ values: [1, 2] }, { values: [3, 0] }, { values: [0, 1] }])).toEqual([
      [1, 2],
      [4, 2],
      [4, 3],
    ]);
  });
});

import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, test, vi } from 'vitest';
import { SnackbarProvider } from '../../../components/Snackbar';
import { AccountProvider } from '../../../lib/account';
import { account, callsTo, jsonResponse, posted, stubApi } from '../../../test/fixtures';
import type { CallFilters } from '../api';
import { LOG_FAILED } from '../components/CallLogPage';
import { NO_CALLS } from '../dashboard/period';
import type { DashboardTotals, GroupCallRow, GroupDashboard, PeriodChange } from './api';
import { ClinicsPage, FIGURES_FAILED } from './ClinicsPage';

const GROUP = account({
  customerId: 500,
  customerName: 'Northern Clinics Group',
  isGroupAccount: true,
  accounts: [
    { customerId: 501, customerName: 'Northern Clinics - Manchester' },
    { customerId: 502, customerName: 'Northern Clinics - Newcastle' },
    { customerId: 500, customerName: 'Northern Clinics Group' },
  ],
});
const CLINICS = [
  { id: 501, name: 'Northern Clinics - Manchester' },
  { id: 502, name: 'Northern Clinics - Newcastle' },
];

const change = (current: number, previous: number, text: string): PeriodChange => ({ current, previous, change: text, changePercent: null });

function totals(calls: number, answered: number, previous: number): DashboardTotals {
  return {
    calls: change(calls, previous, `+${calls - previous} calls vs previous 30 days`),
    answered: change(answered, answered, 'No change vs previous 30 days'),
    missed: change(calls - answered, 0, 'New vs previous 30 days'),
    firstTime: change(2, 2, 'No change vs previous 30 days'),
    averageTalkSeconds: change(150, 120, '+25% vs previous 30 days'),
    averageTalk: '2:30',
    previousAverageTalk: '2:00',
  };
}

const DASHBOARD: GroupDashboard = {
  firstDay: '2026-10-25',
  lastDay: '2026-11-23',
  previousLabel: 'vs previous 30 days',
  clinics: [
    { id: 501, name: 'Northern Clinics - Manchester', totals: totals(157, 115, 150) },
    { id: 502, name: 'Northern Clinics - Newcastle', totals: totals(147, 115, 147) },
  ],
  total: totals(304, 230, 297),
};

function call(id: number, clinic: (typeof CLINICS)[number]): GroupCallRow {
  return {
    id,
    clinicId: clinic.id,
    clinic: clinic.name,
    startedAt: 1_795_428_000 - id * 60,
    time: `23/11/2026 09:${String(id).padStart(2, '0')} GMT`,
    caller: `07700 9001${String(id).padStart(2, '0')}`,
    trackedNumber: '0161 496 0100',
    numberName: 'Clinic website',
    campaign: 'Website',
    source: 'google',
    medium: 'organic',
    landingPage: '',
    durationSeconds: 60,
    duration: 'No talk',
    ringSeconds: 30,
    ringTime: '0:30',
    talkSeconds: 0,
    outcome: 'missed',
    outcomeLabel: 'Missed',
    destination: '',
    tags: [],
    firstTime: false,
    callbackOf: null,
    hasRecording: false,
    score: null,
    scoreLabel: '',
    leadScore: '',
    callerDial: null,
    recordingUrl: null,
    recordingLength: '',
    followUp: null,
    followUpLabel: '',
    note: '',
    noteBy: '',
    transcriptLine: '',
    testCall: '',
    callOut: '',
  };
}

const OUTCOMES: CallFilters['outcomes'] = [
  { key: 'answered', label: 'Answered' },
  { key: 'missed', label: 'Missed' },
  { key: 'busy', label: 'Busy' },
];

function Where() {
  const location = useLocation();
  return <output aria-label="address">{location.pathname + location.search}</output>;
}

function renderPage({
  dashboard = () => jsonResponse(DASHBOARD),
  path = '/reports/clinics',
}: { dashboard?: () => Response; path?: string } = {}) {
  const fetch = stubApi({
    '/api/reports/getGroupDashboard': dashboard,
    '/api/reports/getGroupCalls': (_init, url) => {
      const clinic = url.searchParams.get('clinic');
      if (clinic === '999') return jsonResponse({ success: false }, 500);
      const rows = clinic ? [call(1, CLINICS[1]), call(2, CLINICS[1])] : [call(1, CLINICS[1]), call(3, CLINICS[0])];
      if (url.searchParams.get('outcome') === 'busy' || url.searchParams.get('preset') === 'today')
        return jsonResponse({ calls: [], total: 0, page: 1, pageSize: 25, firstDay: '2026-10-25', lastDay: '2026-11-23', clinics: CLINICS });
      return jsonResponse({ calls: rows, total: 2, page: 1, pageSize: 25, firstDay: '2026-10-25', lastDay: '2026-11-23', clinics: CLINICS });
    },
    '/api/reports/getCallFilters': () => jsonResponse({ outcomes: OUTCOMES }),
    '/api/accountsettings/switchAccount': (init) => {
      const { form_customer_id: id, form_customer_name: name } = posted(init);
      switchedTo = account({ customerId: Number(id), customerName: name });
      return jsonResponse({ success: true, customerId: Number(id), customerName: name });
    },
    '/api/accountsettings/getAccountDetails': () => jsonResponse(switchedTo),
  });
  let switchedTo = GROUP;
  const reload = vi.fn(async () => {});
  const setAccount = vi.fn();
  render(
    <MemoryRouter initialEntries={[path]}>
      <AccountProvider account={GROUP} setAccount={setAccount} reload={reload}>
        <SnackbarProvider>
          <main>
            <Routes>
              <Route path="/reports/clinics" element={<ClinicsPage title="Clinics" />} />
              <Route path="/reports" element={<p>The clinic's call log</p>} />
            </Routes>
          </main>
          <Where />
        </SnackbarProvider>
      </AccountProvider>
    </MemoryRouter>,
  );
  return { user: userEvent.setup(), fetch, reload, setAccount };
}

const groupCalls = (fetch: ReturnType<typeof stubApi>) =>
  callsTo(fetch, '/api/reports/getGroupCalls').map(([input]) => new URL(String(input), 'http://localhost').searchParams);

describe("a group's clinics page", () => {
  test('shows a row a clinic with its changes, their total in the foot, and the Clinics tab', async () => {
    renderPage();
    const table = await screen.findByRole('table', { name: 'Clinics' });
    const [head, ...rest] = within(table).getAllByRole('row');
    expect(head).toHaveTextContent(/Clinic.*Calls.*Answered.*Missed.*First-time callers.*Average talk/);
    expect(rest).toHaveLength(3);
    expect(rest[0]).toHaveTextContent('Northern Clinics - Manchester157+7 calls vs previous 30 days115');
    expect(rest[1]).toHaveTextContent('Northern Clinics - Newcastle');
    const foot = rest[2];
    expect(foot.closest('tfoot')).not.toBeNull();
    expect(within(foot).getByRole('rowheader')).toHaveTextContent('Total');
    expect(foot).toHaveTextContent('304+7 calls vs previous 30 days230');
    expect(foot).toHaveTextContent('2:30+25% vs previous 30 days');
    expect(within(foot).queryByRole('button')).toBeNull();
    expect(screen.getByText('25/10/2026 to 23/11/2026')).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Reports' })).getByRole('link', { name: 'Clinics' })).toHaveAttribute(
      'href',
      '/reports/clinics',
    );
  });

  test('the page has no accessibility violations axe finds (contrast is checked in Chromium)', async () => {
    renderPage();
    await screen.findByRole('table', { name: 'Calls' });
    await screen.findByRole('table', { name: 'Clinics' });
    const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' ')}`)).toEqual([]);
  });

  test('Open clinic switches into the clinic and shows its call log, saying so', async () => {
    const { user, fetch, reload, setAccount } = renderPage({ path: '/reports/clinics?preset=last7Days' });
    await user.click(await screen.findByRole('button', { name: 'Open clinic Northern Clinics - Newcastle' }));
    await waitFor(() => expect(screen.getByLabelText('address')).toHaveTextContent('/reports?preset=last7Days'));
    const [switched] = callsTo(fetch, '/api/accountsettings/switchAccount');
    expect(posted(switched[1] as RequestInit)).toMatchObject({ form_customer_id: '502', form_customer_name: 'Northern Clinics - Newcastle' });
    expect(setAccount).toHaveBeenCalledWith(expect.objectContaining({ customerId: 502, customerName: 'Northern Clinics - Newcastle' }));
    expect(reload).not.toHaveBeenCalled();
    expect(screen.getByText("The clinic's call log")).toBeInTheDocument();
    expect(screen.getByText('Switched to Northern Clinics - Newcastle: its call log.')).toBeInTheDocument();
  });

  test('the combined log names each call\'s clinic; a call opens in its clinic with its detail', async () => {
    const { user, fetch } = renderPage();
    const calls = await screen.findByRole('table', { name: 'Calls' });
    expect(within(calls).getAllByRole('columnheader').map((h) => h.textContent)).toContain('Clinic');
    expect(within(calls).getAllByRole('row')[2]).toHaveTextContent('Northern Clinics - Manchester');
    expect(screen.getByText('2 calls from 25/10/2026 to 23/11/2026')).toHaveAttribute('role', 'status');
    await user.click(within(calls).getByRole('button', { name: /^Open in clinic: the call from 07700 900103 at .*, Northern Clinics - Manchester$/ }));
    await waitFor(() => expect(screen.getByLabelText('address')).toHaveTextContent('/reports?call=3'));
    expect(posted(callsTo(fetch, '/api/accountsettings/switchAccount')[0][1] as RequestInit)).toMatchObject({ form_customer_id: '501' });
  });

  test('the clinic and outcome filters go into the address and to the server', async () => {
    const { user, fetch } = renderPage();
    await screen.findByRole('table', { name: 'Calls' });
    await user.selectOptions(screen.getByLabelText('Clinic'), 'Northern Clinics - Newcastle');
    await waitFor(() => expect(groupCalls(fetch).at(-1)?.get('clinic')).toBe('502'));
    expect(screen.getByLabelText('address')).toHaveTextContent('/reports/clinics?clinic=502');
    const outcome = screen.getByRole('group', { name: 'Outcome' });
    await user.click(within(outcome).getByLabelText('Missed'));
    await user.click(within(outcome).getByLabelText('Answered'));
    await waitFor(() => expect(groupCalls(fetch).at(-1)?.get('outcome')).toBe('answered,missed'));
    expect(groupCalls(fetch).at(-1)?.get('clinic')).toBe('502');
  });

  test('a period without calls says so', async () => {
    renderPage({ path: '/reports/clinics?preset=today' });
    expect(await screen.findByText(NO_CALLS)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
  });

  test('a filter without calls offers to clear it', async () => {
    const { user } = renderPage({ path: '/reports/clinics?outcome=busy' });
    expect(await screen.findByText('No calls match these filters.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByRole('table', { name: 'Calls' })).toBeInTheDocument();
    expect(screen.queryByText(NO_CALLS)).toBeNull();
  });

  test('a failure of either part says so; the totals can be asked again', async () => {
    let fail = true;
    const { user } = renderPage({
      dashboard: () => (fail ? jsonResponse({ success: false }, 500) : jsonResponse(DASHBOARD)),
      path: '/reports/clinics?clinic=999',
    });
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((a) => a.textContent)).toEqual(expect.arrayContaining([expect.stringContaining(FIGURES_FAILED), LOG_FAILED]));
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Clinics' })).toBeInTheDocument();
  });
});

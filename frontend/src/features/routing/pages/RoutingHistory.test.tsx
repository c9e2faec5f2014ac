import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, test } from 'vitest';
import { AccountProvider } from '../../../lib/account';
import { jsonResponse, stubApi } from '../../../test/fixtures';
import type { ChangeView } from '../api/history';
import { routingError } from './connectShared';
import { professional } from './connectTestUtils';
import { RoutingHistory } from './RoutingHistory';

const CHANGES = '/api/routinghistory/getChanges';

function change(overrides: Partial<ChangeView> = {}): ChangeView {
  return {
    id: 41,
    kind: 'servicePlan',
    recordId: 11,
    recordName: 'Office hours',
    sentences: ["Monday to Friday 08:30-17:30 of 'Office hours' now goes to 'Out of hours' instead of 'Reception'."],
    userId: 1,
    userName: 'Olivia Owen',
    source: 'screen',
    rollsBack: null,
    // 20 November 2026, 14:05 UTC (GMT in London)
    createdAt: 1795183500,
    ...overrides,
  };
}

const SUMMER = change({
  id: 40,
  kind: 'ivr',
  recordId: 3,
  recordName: 'Main menu',
  sentences: ["Key 2 of 'Main menu' now goes to 'Billing' instead of 'Reception'."],
  userId: 2,
  userName: 'Adam Admin',
  // 16 July 2026, 09:30 UTC: 10:30 in British Summer Time
  createdAt: 1784194200,
});

function renderHistory(path = '/routing/history') {
  render(
    <MemoryRouter initialEntries={[path]}>
      <AccountProvider account={professional()} setAccount={() => {}} reload={async () => {}}>
        <Routes>
          <Route path="/routing/history" element={<RoutingHistory title="Routing history" />} />
        </Routes>
      </AccountProvider>
    </MemoryRouter>,
  );
  return userEvent.setup();
}

const table = () => screen.getByRole('table', { name: 'Routing history' });
const bodyRows = () => within(table()).getAllByRole('row').slice(1);
const changeQueries = (fetch: ReturnType<typeof stubApi>) =>
  fetch.mock.calls.map(([u]) => new URL(String(u), 'http://localhost')).filter((u) => u.pathname === CHANGES);

beforeEach(() => sessionStorage.clear());

describe('Routing history page', () => {
  test('lists the changes newest first, when in the account zone, who, the record and the sentences', async () => {
    const fetch = stubApi({ [CHANGES]: () => jsonResponse({ changes: [change(), SUMMER], total: 2 }) });
    renderHistory();
    expect(screen.getByRole('heading', { level: 1, name: 'Routing history' })).toBeInTheDocument();
    await waitFor(() => expect(bodyRows()).toHaveLength(2));
    const [first, second] = bodyRows();
    expect(first).toHaveTextContent('20/11/2026 14:05 GMT');
    expect(first).toHaveTextContent('Olivia Owen');
    expect(first).toHaveTextContent('Service plan');
    expect(first).toHaveTextContent("now goes to 'Out of hours' instead of 'Reception'.");
    expect(second).toHaveTextContent('16/07/2026 10:30 BST');
    expect(second).toHaveTextContent('IVR');
    expect(second).toHaveTextContent('Main menu');
    expect(within(first).getByRole('button', { name: /^Roll back/ })).toBeEnabled();
    expect(screen.getByText('2 record(s)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeInTheDocument();
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
    const [query] = changeQueries(fetch);
    expect(query.searchParams.get('page')).toBe('1');
    expect(query.searchParams.get('pageSize')).toBe('25');
  });

  test('filters by record type, user and dates; the users are everyone who made a change, not only those on the page', async () => {
    const fetch = stubApi({
      [CHANGES]: () => jsonResponse({ changes: [change()], total: 1 }),
      '/api/routinghistory/getUsers': () =>
        jsonResponse({
          users: [
            { id: 2, name: 'Adam Admin' },
            { id: 1, name: 'Olivia Owen' },
          ],
        }),
    });
    const user = renderHistory();
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    const users = screen.getByRole('combobox', { name: 'User' });
    await waitFor(() =>
      expect(within(users).getAllByRole('option').map((o) => o.textContent)).toEqual(['Any user', 'Adam Admin', 'Olivia Owen']),
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Record type' }), 'Service plan');
    await user.selectOptions(screen.getByRole('combobox', { name: 'User' }), 'Adam Admin');
    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('To');
    expect(from).toHaveAttribute('type', 'date');
    expect(to).toHaveAttribute('type', 'date');
    expect(from).not.toHaveAccessibleDescription(/YYYY-MM-DD/);
    fireEvent.change(from, { target: { value: '2026-11-01' } });
    fireEvent.change(to, { target: { value: '2026-11-30' } });
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(changeQueries(fetch)).toHaveLength(2));
    const query = changeQueries(fetch)[1].searchParams;
    expect(query.get('kind')).toBe('servicePlan');
    expect(query.get('user')).toBe('2');
    expect(query.get('from')).toBe('2026-11-01');
    expect(query.get('to')).toBe('2026-11-30');
    expect(query.get('page')).toBe('1');
  });

  test("a plan's history link opens the list filtered to that record", async () => {
    const fetch = stubApi({ [CHANGES]: () => jsonResponse({ changes: [change()], total: 1 }) });
    renderHistory('/routing/history?kind=servicePlan&record=11');
    expect(await screen.findByText("Changes to service plan 'Office hours'")).toBeInTheDocument();
    const query = changeQueries(fetch)[0].searchParams;
    expect(query.get('kind')).toBe('servicePlan');
    expect(query.get('record')).toBe('11');
    expect(screen.getByRole('combobox', { name: 'Record type' })).toHaveDisplayValue('Service plan');
  });

  test("the server's date message is shown on its field", async () => {
    stubApi({
      [CHANGES]: (_init, url) =>
        url.searchParams.get('from') === '1/11/2026'
          ? jsonResponse(
              { success: false, code: 'VALIDATION_FAILED', errors: { from: 'Please enter a date as YYYY-MM-DD.' } },
              422,
            )
          : jsonResponse({ changes: [change()], total: 1 }),
    });
    // A date picker sends YYYY-MM-DD; a link can still carry anything.
    renderHistory('/routing/history?from=1/11/2026');
    const from = screen.getByLabelText('From');
    expect(await screen.findByText('Please enter a date as YYYY-MM-DD.')).toBeInTheDocument();
    expect(from).toHaveAttribute('aria-invalid', 'true');
    expect(from).toHaveAccessibleDescription('Please enter a date as YYYY-MM-DD.');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  test('says so when there are no changes', async () => {
    stubApi({ [CHANGES]: () => jsonResponse({ changes: [], total: 0 }) });
    renderHistory();
    expect(await screen.findByText('No routing changes yet.')).toBeInTheDocument();
  });

  test('a failed load shows the routing error', async () => {
    stubApi({ [CHANGES]: () => jsonResponse({ success: false }, 500) });
    renderHistory();
    expect(await screen.findByRole('alert')).toHaveTextContent(routingError());
    expect(screen.queryByRole('status', { name: /Loading/ })).not.toBeInTheDocument();
  });

  test('a user without an editor role sees the changes but cannot roll back', async () => {
    stubApi({ [CHANGES]: () => jsonResponse({ changes: [change()], total: 1 }) });
    render(
      <MemoryRouter initialEntries={['/routing/history']}>
        <AccountProvider
          account={professional({ isAdministrator: false, userAuthCode: 10 })}
          setAccount={() => {}}
          reload={async () => {}}
        >
          <Routes>
            <Route path="/routing/history" element={<RoutingHistory title="Routing history" />} />
          </Routes>
        </AccountProvider>
      </MemoryRouter>,
    );
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    expect(within(bodyRows()[0]).getByRole('button', { name: /^Roll back/ })).toBeDisabled();
  });
});

// The impact of an edit before saving, in the service plan dialog: replayed through the real wasm
// domain (applyRecords, affectedEntries, replayImpact) on the data the server sends once.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { jsonResponse } from '../../../test/fixtures';
import { callsTo, renderWithLibrary, stubLibrary, type Answers } from '../selectors/libraryTestUtils';
import { RECEPTION_AND_OUT_OF_HOURS, MONDAY_MORNING, SATURDAY_MORNING, dayRow, replayCall } from './replayTestUtils';
import { ServicePlanDialog } from './ServicePlanDialog';

const ROUTING_DATA = '/api/manageconnections/get_routing_data';
const REPLAY_DATA = '/api/routinghistory/getReplayData';

const time = (from: [number, string], to: [number, string], routing: number) => ({
  TzonLowerDay: from[0],
  TzonLowerTime: from[1],
  TzonUpperDay: to[0],
  TzonUpperTime: to[1],
  planType: 'routing',
  TzonRogrID: routing,
  TzonIvrsID: 0,
});

const OFFICE_HOURS = {
  plan: {
    id: 11,
    description: 'Office hours',
    times: [time([1, '00:00'], [5, '23:59'], 21), time([6, '00:00'], [7, '23:59'], 22)],
  },
  affected_numbers: [{ NumbNGNumber: '01614960001' }],
};

const REPLAY = {
  snapshot: {
    servicePlans: [{ id: 11, description: 'Office hours', rows: [dayRow(1, 5, { routing: 21 }), dayRow(6, 7, { routing: 22 })] }],
    library: {
      destinationPlans: RECEPTION_AND_OUT_OF_HOURS,
      ivrs: [],
      voicemails: [],
    },
    entries: [
      { id: 7, label: '01614960001', route: { kind: 'servicePlan', id: 11 } },
      { id: 8, label: '01614960002', route: { kind: 'number', destination: '07700900123' } },
    ],
  },
  calls: [
    replayCall(1, 7, MONDAY_MORNING),
    replayCall(2, 7, MONDAY_MORNING + 60_000),
    replayCall(3, 7, MONDAY_MORNING + 120_000),
    replayCall(4, 7, SATURDAY_MORNING),
    // Another number's call: not one the plan can reach.
    replayCall(5, 8, MONDAY_MORNING),
  ],
  timeZone: 'Europe/London',
};

function setup(id: number, answers: Answers = {}) {
  const fetch = stubLibrary({ [ROUTING_DATA]: () => jsonResponse(OFFICE_HOURS), ...answers });
  const user = renderWithLibrary(<ServicePlanDialog open id={id} rowIds={[]} onClose={vi.fn()} onSaved={vi.fn()} />);
  return { fetch, user };
}

function control(name: string): HTMLElement {
  const label = Array.from(document.querySelectorAll('label')).find((l) => l.textContent?.trim() === name);
  const element = label?.htmlFor ? document.getElementById(label.htmlFor) : null;
  if (!element) throw new Error(`No control labelled ${name}`);
  return element;
}

const impact = () => screen.getByRole('region', { name: "Impact on last week's calls" });
// The dialog's first render (rows, week grid, call path) takes a few seconds in jsdom on a busy machine.
const SLOW = { timeout: 10_000 };

describe('Service plan impact before saving', () => {
  test("replays last week's calls of the numbers the plan reaches as the rows change", async () => {
    const { fetch, user } = setup(11, { [REPLAY_DATA]: () => jsonResponse(REPLAY) });
    await waitFor(() => expect(impact()).toHaveTextContent('0 of 4 calls would have gone elsewhere'), SLOW);
    await waitFor(() => expect(control('Destination plan, row 1')).toBeEnabled());

    await user.selectOptions(control('Destination plan, row 1'), '22');
    await waitFor(() => expect(impact()).toHaveTextContent('3 of 4 calls would have gone elsewhere'), SLOW);
    const moves = within(impact()).getByRole('list', { name: 'Biggest moves' });
    expect(within(moves).getAllByRole('listitem')).toHaveLength(1);
    expect(moves).toHaveTextContent(/^3 calls on Monday morning/);
    expect(moves).toHaveTextContent("from Reception to Out of hours");

    await user.selectOptions(control('Destination plan, row 1'), '21');
    await waitFor(() => expect(impact()).toHaveTextContent('0 of 4 calls would have gone elsewhere'), SLOW);
    expect(callsTo(fetch, REPLAY_DATA)).toHaveLength(1);
  });

  test('a dated exception is part of the edit replayed', async () => {
    const { user } = setup(11, { [REPLAY_DATA]: () => jsonResponse(REPLAY) });
    await waitFor(() => expect(impact()).toHaveTextContent('0 of 4 calls would have gone elsewhere'), SLOW);
    await waitFor(() => expect(control('Destination plan, row 1')).toBeEnabled());

    // Monday 12 January 2026 closed: its three calls go to Out of hours.
    await user.click(screen.getByRole('button', { name: 'Add exception' }));
    const closed = screen.getByRole('group', { name: 'Exception 1' });
    fireEvent.change(within(closed).getByLabelText('First day'), { target: { value: '2026-01-12' } });
    await user.type(within(closed).getByLabelText('Description'), 'Stocktake');
    await user.selectOptions(within(closed).getByLabelText('Destination plan'), '22');
    await waitFor(() => expect(impact()).toHaveTextContent('3 of 4 calls would have gone elsewhere'), SLOW);
  });

  test('links to the history of this plan', async () => {
    setup(11, { [REPLAY_DATA]: () => jsonResponse(REPLAY) });
    const link = await screen.findByRole('link', { name: 'History' }, SLOW);
    expect(link).toHaveAttribute('href', '/routing/history?kind=servicePlan&record=11');
  });

  test('a new plan has no impact panel and asks for no replay data', async () => {
    const { fetch } = setup(0);
    await screen.findByRole('dialog', { name: 'Add service plan' }, SLOW);
    expect(screen.queryByRole('region', { name: "Impact on last week's calls" })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'History' })).not.toBeInTheDocument();
    expect(callsTo(fetch, REPLAY_DATA)).toHaveLength(0);
  });

  test('without the replay data the editor works as before', async () => {
    const { fetch } = setup(11, { [REPLAY_DATA]: () => jsonResponse({ success: false }, 500) });
    await waitFor(() => expect(control('Destination plan, row 1')).toBeEnabled(), SLOW);
    await waitFor(() => expect(callsTo(fetch, REPLAY_DATA)).toHaveLength(1), SLOW);
    expect(screen.queryByRole('region', { name: "Impact on last week's calls" })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

// The impact before saving and the per-record History link in the destination plan, IVR and
// queue editors: replayed through the real wasm domain on the data the server sends once.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { jsonResponse } from '../../../test/fixtures';
import { callsTo, renderWithLibrary, stubLibrary } from '../selectors/libraryTestUtils';
import { DestinationPlanDialog } from './DestinationPlanDialog';
import { IvrDialog } from './IvrDialog';
import { IVR_LIBRARY, ivrAnswers } from './ivrTestUtils';
import { QueueDialog } from './QueueDialog';
import { RECEPTION_AND_OUT_OF_HOURS, MONDAY_MORNING, SATURDAY_MORNING, dayRow, replayCall } from './replayTestUtils';

const REPLAY_DATA = '/api/routinghistory/getReplayData';

/**
 * One number on 'Office hours': the Main menu IVR on weekdays (key 1, the default, to Reception),
 * Out of hours at weekends. Three weekday calls pressing nothing, one on Saturday; another
 * number's call that nothing here reaches.
 */
const REPLAY = {
  snapshot: {
    servicePlans: [{ id: 11, description: 'Office hours', rows: [dayRow(1, 5, { ivr: 71 }), dayRow(6, 7, { routing: 22 })] }],
    library: {
      destinationPlans: RECEPTION_AND_OUT_OF_HOURS,
      ivrs: IVR_LIBRARY.ivrs,
      voicemails: [{ id: 61, description: 'Out of hours' }],
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
    replayCall(5, 8, MONDAY_MORNING),
  ],
  timeZone: 'Europe/London',
};

const OUT_OF_HOURS = {
  plan: { id: 22, description: 'Out of hours', planType: 1, queue: 41, attributionId: 0, noResponseDestination: 32 },
  planDestinations: [
    { destination: 31, ringLength: 0, ringLengthMultiDial: 20 },
    { destination: 32, ringLength: 0, ringLengthMultiDial: 0 },
  ],
  affectedNumbers: [{ number: '01614960001' }],
  affectedNumberSets: [],
};

const impact = () => screen.getByRole('region', { name: "Impact on last week's calls" });
const noImpact = () => expect(screen.queryByRole('region', { name: "Impact on last week's calls" })).not.toBeInTheDocument();
const control = (name: string) => screen.getByRole('combobox', { name });
// A dialog's first render takes a few seconds in jsdom on a busy machine.
const SLOW = { timeout: 10_000 };

describe('IVR impact before saving', () => {
  const setup = (id: number) => {
    const fetch = stubLibrary(ivrAnswers({ [REPLAY_DATA]: () => jsonResponse(REPLAY) }));
    const user = renderWithLibrary(<IvrDialog open id={id} onClose={() => {}} onSaved={() => {}} />);
    return { fetch, user };
  };

  test("a key sent elsewhere moves the calls that took it, and only the numbers' calls the menu reaches", async () => {
    const { fetch, user } = setup(71);
    await waitFor(() => expect(impact()).toHaveTextContent('0 of 4 calls would have gone elsewhere'), SLOW);
    await user.selectOptions(control('Destination plan, key 1'), 'Out of hours');
    await waitFor(() => expect(impact()).toHaveTextContent('3 of 4 calls would have gone elsewhere'), SLOW);
    const moves = within(impact()).getByRole('list', { name: 'Biggest moves' });
    expect(moves).toHaveTextContent(/^3 calls on Monday morning/);
    expect(moves).toHaveTextContent('from Reception to Out of hours');
    expect(callsTo(fetch, REPLAY_DATA)).toHaveLength(1);
  });

  test('links to the history of this IVR', async () => {
    setup(71);
    const link = await screen.findByRole('link', { name: 'History' }, SLOW);
    expect(link).toHaveAttribute('href', '/routing/history?kind=ivr&record=71');
  });

  test('a new IVR has no impact panel, no History link and asks for no replay data', async () => {
    const { fetch } = setup(0);
    await screen.findByRole('dialog', { name: 'Add IVR' }, SLOW);
    noImpact();
    expect(screen.queryByRole('link', { name: 'History' })).not.toBeInTheDocument();
    expect(callsTo(fetch, REPLAY_DATA)).toHaveLength(0);
  });
});

describe('Destination plan impact before saving', () => {
  const setup = (id: number) => {
    const fetch = stubLibrary({
      '/api/manageconnections/getDestinationPlanDetails/22': () => jsonResponse(OUT_OF_HOURS),
      [REPLAY_DATA]: () => jsonResponse(REPLAY),
    });
    const user = renderWithLibrary(<DestinationPlanDialog open id={id} onClose={() => {}} onSaved={() => {}} />);
    return { fetch, user };
  };

  test("replays the calls of the numbers that reach the plan: its destinations change, the calls' plan does not", async () => {
    const { user } = setup(22);
    await waitFor(() => expect(impact()).toHaveTextContent('0 of 4 calls would have gone elsewhere'), SLOW);
    await user.selectOptions(control('Destination, row 2'), '31');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(impact()).toHaveTextContent('0 of 4 calls would have gone elsewhere');
    expect(screen.getByRole('link', { name: 'History' })).toHaveAttribute(
      'href',
      '/routing/history?kind=destinationPlan&record=22',
    );
  });

  test('a new plan has no impact panel and asks for no replay data', async () => {
    const { fetch } = setup(0);
    await screen.findByRole('dialog', { name: 'Add destination plan' }, SLOW);
    noImpact();
    expect(callsTo(fetch, REPLAY_DATA)).toHaveLength(0);
  });
});

describe('Queue impact and history', () => {
  const setup = (id: number) => {
    const fetch = stubLibrary({ [REPLAY_DATA]: () => jsonResponse(REPLAY) });
    renderWithLibrary(<QueueDialog open id={id} onClose={() => {}} onSaved={() => {}} />);
    return { fetch };
  };

  test('says a queue moves no call, links to its history, and asks for no replay data', async () => {
    const { fetch } = setup(41);
    const link = await screen.findByRole('link', { name: 'History' }, SLOW);
    expect(link).toHaveAttribute('href', '/routing/history?kind=queue&record=41');
    expect(impact()).toHaveTextContent('A queue decides how calls wait, not where they go');
    expect(callsTo(fetch, REPLAY_DATA)).toHaveLength(0);
  });

  test('a new queue has neither', async () => {
    setup(0);
    await screen.findByRole('dialog', { name: 'Add queue' }, SLOW);
    noImpact();
    expect(screen.queryByRole('link', { name: 'History' })).not.toBeInTheDocument();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, test } from 'vitest';
import { jsonResponse, stubApi } from '../../../test/fixtures';
import type { RoutingRow } from '../api/rows';
import { MONDAY_MORNING, replayCall } from '../editors/replayTestUtils';
import { loadSelection, saveSelection } from '../../../lib/routingSelection';
import { numbersList, posted, renderRouting, routingRow } from './connectTestUtils';

const ROUTING_ERROR =
  'Something went wrong. Please try again or contact us at 0161 496 0000 or via email at clientservices@calltrack.example.';
const SUCCESS = 'Success! The numbers will be provisioned shortly.';

const manchester = () =>
  routingRow({ id: 1, numberPool: '01614960001', description: 'Google Ads - Manchester', planId: 4, planDescription: 'Office hours' });
const website = () =>
  routingRow({ id: 3, type: 'dynamic', numberPool: 'Website visitors', description: 'Website pool', callRecording: 1 });

function details(rows: RoutingRow[]) {
  return () => jsonResponse({ selectionDetails: rows, hasOnlyBasicFeatures: true });
}

const location = () => screen.getByRole('status', { name: 'location' });
const form = () => screen.findByRole('form', { name: 'Connect numbers' });

beforeEach(() => sessionStorage.clear());

describe('Basic connect', () => {
  test('without a selection it goes back to /routing', async () => {
    stubApi({ '/api/manageconnections/getNumbersList': numbersList([]) });
    renderRouting('/routing/numbers');
    await waitFor(() => expect(location()).toHaveTextContent(/^\/routing$/));
  });

  test('a selection with advanced routing goes to the advanced page, the selection kept', async () => {
    saveSelection([1]);
    stubApi({
      '/api/manageconnections/getSelectedDetails': () =>
        jsonResponse({ selectionDetails: [manchester()], hasOnlyBasicFeatures: false }),
    });
    renderRouting('/routing/numbers');
    await waitFor(() => expect(location()).toHaveTextContent(/^\/routing\/numbers\/advanced$/));
    expect(loadSelection()).toEqual([1]);
  });

  test('shows description, destination and recording for each selected row', async () => {
    saveSelection([1, 3]);
    const fetch = stubApi({ '/api/manageconnections/getSelectedDetails': details([manchester(), website()]) });
    renderRouting('/routing/numbers');
    expect(screen.getByText('Loading the selected numbers…')).toBeInTheDocument();
    await form();
    expect(screen.getByRole('textbox', { name: 'Description for 0161 496 0001' })).toHaveValue('Google Ads - Manchester');
    expect(screen.getByRole('textbox', { name: 'Destination for 0161 496 0001' })).toHaveValue('');
    expect(screen.getByRole('switch', { name: 'Recording for 0161 496 0001' })).not.toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Description for Website visitors' })).toHaveValue('Website pool');
    expect(screen.getByRole('switch', { name: 'Recording for Website visitors' })).toBeChecked();
    const call = fetch.mock.calls.find(([url]) => url === '/api/manageconnections/getSelectedDetails');
    expect(JSON.parse(posted(call?.[1]).selected)).toEqual([1, 3]);
  });

  test('each row offers a test call, of the routing as saved', async () => {
    saveSelection([1, 3]);
    stubApi({ '/api/manageconnections/getSelectedDetails': details([manchester(), website()]) });
    renderRouting('/routing/numbers');
    await form();
    expect(await screen.findByRole('button', { name: 'Test call to 0161 496 0001' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Test call to Website visitors' })).toBeInTheDocument();
    expect(screen.getByText('A test call hears the routing as saved: connect your changes first to hear them.')).toBeInTheDocument();
  });

  test('validates the destination as the user types', async () => {
    saveSelection([1]);
    stubApi({ '/api/manageconnections/getSelectedDetails': details([manchester()]) });
    const user = renderRouting('/routing/numbers');
    await form();
    const destination = screen.getByRole('textbox', { name: 'Destination for 0161 496 0001' });
    expect(destination).not.toHaveAttribute('aria-invalid');
    await user.type(destination, '0161');
    expect(destination).toHaveAttribute('aria-invalid', 'true');
    expect(destination).toHaveAccessibleDescription('Destination must be at least 8 digits in length.');
    await user.type(destination, '4960999');
    expect(destination).not.toHaveAttribute('aria-invalid');
  });

  test('Connect with an empty destination shows the errors and posts nothing', async () => {
    saveSelection([1]);
    const fetch = stubApi({ '/api/manageconnections/getSelectedDetails': details([manchester()]) });
    const user = renderRouting('/routing/numbers');
    await form();
    await user.click(screen.getByRole('button', { name: 'Connect' }));
    const destination = screen.getByRole('textbox', { name: 'Destination for 0161 496 0001' });
    expect(destination).toHaveAccessibleDescription('Destination is required.');
    await waitFor(() => expect(destination).toHaveFocus());
    expect(fetch.mock.calls.some(([url]) => String(url).includes('connectBasic'))).toBe(false);
  });

  test('Connect posts every row with its index, then shows the success on /routing', async () => {
    saveSelection([1, 3]);
    let connected: Record<string, string> = {};
    stubApi({
      '/api/manageconnections/getSelectedDetails': details([manchester(), website()]),
      '/api/manageconnections/connectBasic/': (init) => {
        connected = posted(init);
        return jsonResponse({ success: true });
      },
      '/api/manageconnections/getNumbersList': numbersList([]),
    });
    const user = renderRouting('/routing/numbers');
    await form();
    await user.type(screen.getByRole('textbox', { name: 'Destination for 0161 496 0001' }), '01614960999');
    await user.type(screen.getByRole('textbox', { name: 'Destination for Website visitors' }), '02079460999');
    await user.clear(screen.getByRole('textbox', { name: 'Description for Website visitors' }));
    await user.type(screen.getByRole('textbox', { name: 'Description for Website visitors' }), 'Website');
    await user.click(screen.getByRole('switch', { name: 'Recording for 0161 496 0001' }));
    await user.click(screen.getByRole('switch', { name: 'Recording for Website visitors' }));
    await user.click(screen.getByRole('button', { name: 'Connect' }));

    expect(await screen.findByText(SUCCESS)).toHaveRole('status');
    expect(location()).toHaveTextContent(/^\/routing$/);
    expect(connected).toEqual({
      'form_description[0]': 'Google Ads - Manchester',
      'form_number_id[0]': '1',
      'form_destination_number[0]': '01614960999',
      'form_plan_id[0]': '4',
      'form_pool_name[0]': '',
      'form_recording_flag[0]': '1',
      'form_description[1]': 'Website',
      'form_number_set_id[1]': '3',
      'form_destination_number[1]': '02079460999',
      'form_plan_id[1]': '0',
      'form_pool_name[1]': 'Website visitors',
    });
    expect(loadSelection()).toEqual([]);
  });

  test('422 errors from the server land on their fields', async () => {
    saveSelection([1, 3]);
    stubApi({
      '/api/manageconnections/getSelectedDetails': details([manchester(), website()]),
      '/api/manageconnections/connectBasic/': () =>
        jsonResponse(
          {
            success: false,
            code: 'VALIDATION_FAILED',
            errors: { 'form_destination_number[1]': 'Destination can have only numbers.' },
          },
          422,
        ),
    });
    const user = renderRouting('/routing/numbers');
    await form();
    await user.type(screen.getByRole('textbox', { name: 'Destination for 0161 496 0001' }), '01614960999');
    await user.type(screen.getByRole('textbox', { name: 'Destination for Website visitors' }), '02079460999');
    await user.click(screen.getByRole('button', { name: 'Connect' }));
    const pool = screen.getByRole('textbox', { name: 'Destination for Website visitors' });
    await waitFor(() => expect(pool).toHaveAccessibleDescription('Destination can have only numbers.'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(location()).toHaveTextContent('/routing/numbers');
    // Typing clears the server's message.
    await user.type(pool, '1');
    expect(pool).not.toHaveAttribute('aria-invalid');
  });

  test('any other failure shows the routing error', async () => {
    saveSelection([1]);
    stubApi({
      '/api/manageconnections/getSelectedDetails': details([manchester()]),
      '/api/manageconnections/connectBasic/': () => jsonResponse({ success: false }, 500),
    });
    const user = renderRouting('/routing/numbers');
    await form();
    await user.type(screen.getByRole('textbox', { name: 'Destination for 0161 496 0001' }), '01614960999');
    await user.click(screen.getByRole('button', { name: 'Connect' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ROUTING_ERROR);
    expect(screen.getByRole('button', { name: 'Connect' })).toBeEnabled();
  });

  test('a failed load shows the routing error', async () => {
    saveSelection([1]);
    stubApi({ '/api/manageconnections/getSelectedDetails': () => jsonResponse({ success: false }, 500) });
    renderRouting('/routing/numbers');
    expect(await screen.findByRole('alert')).toHaveTextContent(ROUTING_ERROR);
    expect(screen.getByRole('link', { name: 'Back to call routing' })).toHaveAttribute('href', '/routing');
  });

  test('Cancel without edits goes back to /routing at once, with nothing selected there', async () => {
    saveSelection([1]);
    stubApi({
      '/api/manageconnections/getSelectedDetails': details([manchester()]),
      '/api/manageconnections/getNumbersList': numbersList([manchester()]),
    });
    const user = renderRouting('/routing/numbers');
    const f = await form();
    await user.click(within(f).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(location()).toHaveTextContent(/^\/routing$/);
    expect(loadSelection()).toEqual([]);
    const t = await screen.findByRole('table', { name: 'Call routing' });
    expect(within(t).getByRole('checkbox', { name: 'Select 0161 496 0001' })).not.toBeChecked();
    expect(screen.queryByText(/selected/)).not.toBeInTheDocument();
  });

  test('Cancel with edits asks first: Keep editing stays with the edits, Discard changes leaves', async () => {
    saveSelection([1]);
    const fetch = stubApi({
      '/api/manageconnections/getSelectedDetails': details([manchester()]),
      '/api/manageconnections/getNumbersList': numbersList([manchester()]),
    });
    const user = renderRouting('/routing/numbers');
    const f = await form();
    const destination = screen.getByRole('textbox', { name: 'Destination for 0161 496 0001' });
    await user.type(destination, '01614960999');
    await user.click(within(f).getByRole('button', { name: 'Cancel' }));
    const asked = screen.getByRole('dialog', { name: 'Discard your changes?' });
    expect(asked).toHaveTextContent('Your changes to the selected numbers and pools have not been saved.');

    await user.click(within(asked).getByRole('button', { name: 'Keep editing' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(location()).toHaveTextContent('/routing/numbers');
    expect(destination).toHaveValue('01614960999');
    expect(within(f).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    expect(loadSelection()).toEqual([1]);

    await user.click(within(f).getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Discard changes' }));
    expect(location()).toHaveTextContent(/^\/routing$/);
    expect(loadSelection()).toEqual([]);
    const t = await screen.findByRole('table', { name: 'Call routing' });
    expect(within(t).getByRole('checkbox', { name: 'Select 0161 496 0001' })).not.toBeChecked();
    expect(fetch.mock.calls.some(([url]) => String(url).includes('connectBasic'))).toBe(false);
  });

  test('an edit undone is no edit: Cancel leaves at once', async () => {
    saveSelection([1]);
    stubApi({
      '/api/manageconnections/getSelectedDetails': details([manchester()]),
      '/api/manageconnections/getNumbersList': numbersList([manchester()]),
    });
    const user = renderRouting('/routing/numbers');
    const f = await form();
    const recording = screen.getByRole('switch', { name: 'Recording for 0161 496 0001' });
    await user.click(recording);
    await user.click(recording);
    await user.click(within(f).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(location()).toHaveTextContent(/^\/routing$/);
  });
});

describe('Basic connect impact before saving', () => {
  const REPLAY = {
    snapshot: {
      servicePlans: [],
      library: { destinationPlans: [], ivrs: [], voicemails: [] },
      entries: [{ id: 1, label: '01614960001', route: { kind: 'number', destination: '07700900123' } }],
    },
    calls: [
      replayCall(1, 1, MONDAY_MORNING),
      replayCall(2, 1, MONDAY_MORNING + 60_000),
    ],
    timeZone: 'Europe/London',
  };
  const impact = () => screen.getByRole('region', { name: "Impact on last week's calls" });

  test("a new destination moves the number's calls to it", async () => {
    saveSelection([1]);
    stubApi({
      '/api/manageconnections/getSelectedDetails': details([
        routingRow({ id: 1, numberPool: '01614960001', description: 'Direct line', destination: '07700900123' }),
      ]),
      '/api/routinghistory/getReplayData': () => jsonResponse(REPLAY),
    });
    const user = renderRouting('/routing/numbers');
    await form();
    await waitFor(() => expect(impact()).toHaveTextContent('0 of 2 calls would have gone elsewhere'), { timeout: 10_000 });
    const destination = screen.getByRole('textbox', { name: 'Destination for 0161 496 0001' });
    await user.clear(destination);
    await user.type(destination, '07700900999');
    await waitFor(() => expect(impact()).toHaveTextContent('2 of 2 calls would have gone elsewhere'), { timeout: 10_000 });
    expect(within(impact()).getByRole('list', { name: 'Biggest moves' })).toHaveTextContent('07700900999');
  });
});

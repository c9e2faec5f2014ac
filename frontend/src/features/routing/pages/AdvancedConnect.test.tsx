import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, test } from 'vitest';
import { jsonResponse, stubApi } from '../../../test/fixtures';
import type { RoutingRow } from '../api/rows';
import { MONDAY_MORNING, RECEPTION_AND_OUT_OF_HOURS, SATURDAY_MORNING, dayRow, replayCall } from '../editors/replayTestUtils';
import { loadSelection, saveSelection } from '../../../lib/routingSelection';
import { basicRoutingNote } from './AdvancedConnect';
import { numbersList, posted, professional, renderRouting, routingRow, starter } from './connectTestUtils';

const ROUTING_ERROR =
  'Something went wrong. Please try again or contact us at 0161 496 0000 or via email at clientservices@calltrack.example.';
const SUCCESS = 'Success! The numbers will be provisioned shortly.';

const planned = (id: number, extra: Partial<RoutingRow> = {}) =>
  routingRow({
    id,
    numberPool: `0161496000${id}`,
    description: `Google Ads ${id}`,
    planId: 4,
    planDescription: 'Office hours',
    ...extra,
  });

function library(extra: Record<string, (init: RequestInit | undefined) => Response> = {}) {
  return {
    '/api/manageconnections/getServicePlansList': () =>
      jsonResponse({
        plans: [
          { id: 0, description: '-- Disconnect --' },
          { id: 4, description: 'Office hours' },
          { id: 5, description: 'Weekend' },
        ],
      }),
    '/api/manageroutings/getRoutings/': () => jsonResponse({ routings: [] }),
    '/api/manageconnections/getDestinationNumbers/': () => jsonResponse({ destinations: [], internationalCodes: [] }),
    '/api/manageconnections/getQueues/': () => jsonResponse({ queues: [] }),
    '/api/manageconnections/getCustomerAudios': () =>
      jsonResponse({ audios: [{ id: 11, description: 'Welcome message' }, { id: 12, description: 'Sales whisper' }] }),
    '/api/managevoicemails/getList': () => jsonResponse({ voicemails: [] }),
    '/api/manageivrrouting/getIvrList/1': () => jsonResponse({ ivrs: [] }),
    '/api/manageconnections/getInCallAttribution/': () => jsonResponse({ attributions: [] }),
    '/api/manageconnections/getNumbersList': numbersList([]),
    '/api/manageconnections/getAttributionOptions': () =>
      jsonResponse({
        dtmfs: [{ id: 111, description: 'Agent code' }],
        dtmfIvrs: [
          { id: 'IVR_121', description: 'Outcome menu' },
          { id: 'IVR_122', description: 'Booking menu' },
        ],
      }),
    ...extra,
  };
}

const details = (rows: RoutingRow[]) => () => jsonResponse({ selectionDetails: rows, hasOnlyBasicFeatures: false });
const location = () => screen.getByRole('status', { name: 'location' });
const form = () => screen.findByRole('form', { name: 'Advanced routing' });
const planSelect = (name: string) => screen.getByRole('combobox', { name: `Service plan for ${name}` });

async function plansLoaded() {
  await waitFor(() =>
    expect(within(planSelect('0161 496 0001')).getByRole('option', { name: 'Weekend' })).toBeInTheDocument(),
  );
}

beforeEach(() => sessionStorage.clear());

describe('Advanced connect', () => {
  test('without a selection it goes back to /routing', async () => {
    stubApi(library());
    renderRouting('/routing/numbers/advanced');
    await waitFor(() => expect(location()).toHaveTextContent(/^\/routing$/));
  });

  test('one row per selection with the always-shown columns; the additional features start off', async () => {
    saveSelection([1, 2]);
    stubApi(library({ '/api/manageconnections/getSelectedDetails': details([planned(1), planned(2, { introAudio: 11 })]) }));
    renderRouting('/routing/numbers/advanced');
    const f = await form();
    await plansLoaded();
    // A test call of each row's saved routing (the phone's rules load after the page).
    expect(await within(f).findByRole('button', { name: 'Test call to 0161 496 0002' })).toBeInTheDocument();
    const headers = within(f)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers.slice(1)).toEqual([
      'Service number / dynamic pool',
      'Actions',
      'Description',
      'Service plan',
      'Recording',
      'Intro',
      'Whisper',
      'Dynamic whisper',
    ]);
    expect(planSelect('0161 496 0001')).toHaveDisplayValue('Office hours');
    expect(screen.getByRole('combobox', { name: 'Intro for 0161 496 0002' })).toHaveDisplayValue('Welcome message');
    // The wide table scrolls sideways in a region of its own (components/TableScroll says when).
    expect(screen.getByRole('region', { name: 'Selected numbers and pools, scrolls sideways' })).toContainElement(
      screen.getByRole('table', { name: 'Selected numbers and pools' }),
    );
    expect(screen.getByRole('textbox', { name: 'Description for 0161 496 0002' })).toHaveValue('Google Ads 2');
    expect(screen.getByRole('switch', { name: 'Additional features' })).not.toBeChecked();
    expect(screen.queryByRole('switch', { name: 'Mid call divert for 0161 496 0001' })).not.toBeInTheDocument();
  });

  test('a number that rings a phone directly says it still will until a service plan is chosen', async () => {
    saveSelection([1, 2]);
    const direct = planned(2, { planId: 0, planDescription: '', destination: '01174960123' });
    stubApi(library({ '/api/manageconnections/getSelectedDetails': details([planned(1), direct]) }));
    const user = renderRouting('/routing/numbers/advanced');
    await form();
    await plansLoaded();
    const note = basicRoutingNote('01174960123');
    expect(note).toContain('0117 496 0123');
    expect(await screen.findByText(note)).toBeInTheDocument();
    expect(screen.getAllByText(/directly, and still will/)).toHaveLength(1);
    await user.selectOptions(planSelect('0161 496 0002'), 'Weekend');
    expect(screen.queryByText(note)).not.toBeInTheDocument();
  });

  test('the additional features toggle starts on when a row uses them, and adds their columns', async () => {
    saveSelection([1]);
    stubApi(library({ '/api/manageconnections/getSelectedDetails': details([planned(1, { midCallDivert: 1 })]) }));
    const user = renderRouting('/routing/numbers/advanced');
    await form();
    const toggle = screen.getByRole('switch', { name: 'Additional features' });
    expect(toggle).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Mid call divert for 0161 496 0001' })).toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Post call agent attribution for 0161 496 0001' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Post call URL for 0161 496 0001' })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Mid call agent attribution for 0161 496 0001' })).not.toBeChecked();
    const audio = screen.getByRole('combobox', { name: 'Mid call callers audio for 0161 496 0001' });
    expect(within(audio).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'None',
      'Ringing',
      'Classical',
      'EasyListening',
      'Eighties',
      'Pop',
      'Rock',
    ]);
    await user.click(toggle);
    expect(screen.queryByRole('switch', { name: 'Mid call divert for 0161 496 0001' })).not.toBeInTheDocument();
  });

  test('shift-click selects a range; a change to a selected row is copied to the others but the description', async () => {
    saveSelection([1, 2, 3, 4]);
    stubApi(
      library({
        '/api/manageconnections/getSelectedDetails': details([planned(1), planned(2), planned(3), planned(4)]),
      }),
    );
    const user = renderRouting('/routing/numbers/advanced');
    await form();
    await plansLoaded();
    await user.click(screen.getByRole('checkbox', { name: 'Select 0161 496 0001' }));
    await user.keyboard('{Shift>}');
    await user.click(screen.getByRole('checkbox', { name: 'Select 0161 496 0003' }));
    await user.keyboard('{/Shift}');
    expect(screen.getByRole('checkbox', { name: 'Select 0161 496 0002' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Select 0161 496 0003' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Select 0161 496 0004' })).not.toBeChecked();

    await user.selectOptions(planSelect('0161 496 0002'), 'Weekend');
    expect(planSelect('0161 496 0001')).toHaveDisplayValue('Weekend');
    expect(planSelect('0161 496 0002')).toHaveDisplayValue('Weekend');
    expect(planSelect('0161 496 0003')).toHaveDisplayValue('Weekend');
    expect(planSelect('0161 496 0004')).toHaveDisplayValue('Office hours');

    await user.click(screen.getByRole('switch', { name: 'Recording for 0161 496 0001' }));
    expect(screen.getByRole('switch', { name: 'Recording for 0161 496 0003' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Recording for 0161 496 0004' })).not.toBeChecked();

    const description = screen.getByRole('textbox', { name: 'Description for 0161 496 0001' });
    await user.clear(description);
    await user.type(description, 'Reception');
    expect(screen.getByRole('textbox', { name: 'Description for 0161 496 0002' })).toHaveValue('Google Ads 2');

    // A change to a row that is not selected stays on that row.
    await user.selectOptions(planSelect('0161 496 0004'), '-- Disconnect --');
    expect(planSelect('0161 496 0001')).toHaveDisplayValue('Weekend');
  });

  test('shift-click unticks a range; select all ticks every row', async () => {
    saveSelection([1, 2, 3]);
    stubApi(library({ '/api/manageconnections/getSelectedDetails': details([planned(1), planned(2), planned(3)]) }));
    const user = renderRouting('/routing/numbers/advanced');
    await form();
    await user.click(screen.getByRole('checkbox', { name: 'Select all rows' }));
    expect(screen.getByRole('checkbox', { name: 'Select 0161 496 0002' })).toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'Select 0161 496 0003' }));
    await user.keyboard('{Shift>}');
    await user.click(screen.getByRole('checkbox', { name: 'Select 0161 496 0002' }));
    await user.keyboard('{/Shift}');
    expect(screen.getByRole('checkbox', { name: 'Select 0161 496 0001' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Select 0161 496 0002' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Select 0161 496 0003' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Select all rows' })).toBePartiallyChecked();
    // Upwards from the last click, over a row already unticked.
    await user.keyboard('{Shift>}');
    await user.click(screen.getByRole('checkbox', { name: 'Select 0161 496 0001' }));
    await user.keyboard('{/Shift}');
    expect(screen.getByRole('checkbox', { name: 'Select 0161 496 0001' })).not.toBeChecked();
    // A click without shift ticks that row only.
    await user.click(screen.getByRole('checkbox', { name: 'Select 0161 496 0003' }));
    expect(screen.getByRole('checkbox', { name: 'Select 0161 496 0002' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Select 0161 496 0003' })).toBeChecked();
  });

  test('Save posts every row with explicit indexes and shows the success on /routing', async () => {
    saveSelection([1, 3]);
    let saved: Record<string, string> = {};
    const pool = routingRow({ id: 3, type: 'dynamic', numberPool: 'Website visitors', description: 'Website pool' });
    stubApi(
      library({
        '/api/manageconnections/getSelectedDetails': details([planned(1, { callRecording: 1 }), pool]),
        '/api/manageconnections/connectAdvanced/': (init) => {
          saved = posted(init);
          return jsonResponse({ success: true });
        },
      }),
    );
    const user = renderRouting('/routing/numbers/advanced');
    await form();
    await plansLoaded();
    await user.selectOptions(planSelect('Website visitors'), 'Weekend');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Whisper for Website visitors' }), 'Sales whisper');
    await user.click(screen.getByRole('switch', { name: 'Additional features' }));
    await user.type(screen.getByRole('textbox', { name: 'Post call URL for 0161 496 0001' }), 'https://example.test/hook');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(SUCCESS)).toHaveRole('status');
    expect(location()).toHaveTextContent(/^\/routing$/);
    expect(saved).toEqual({
      'form_description[0]': 'Google Ads 1',
      'form_number_id[0]': '1',
      'form_service_plan[0]': '4',
      'form_recording_flag[0]': '1',
      'form_intro[0]': '0',
      'form_whisper[0]': '0',
      'form_post_url[0]': 'https://example.test/hook',
      'form_dtmf[0]': '0',
      'form_midcall_flag[0]': '0',
      'form_midcall_audio[0]': 'None',
      'form_mid_call_divert_flag[0]': '0',
      'form_dynamic_whisper[0]': '0',
      'form_description[1]': 'Website pool',
      'form_number_set_id[1]': '3',
      'form_service_plan[1]': '5',
      'form_intro[1]': '0',
      'form_whisper[1]': '12',
      'form_post_url[1]': '',
      'form_dtmf[1]': '0',
      'form_midcall_flag[1]': '0',
      'form_midcall_audio[1]': 'None',
      'form_mid_call_divert_flag[1]': '0',
      'form_dynamic_whisper[1]': '0',
    });
    expect(loadSelection()).toEqual([]);
  });

  test('a DTMF IVR is the post call attribution: shown, copied to the selected rows and posted as IVR_{id}', async () => {
    saveSelection([1, 2, 3]);
    let saved: Record<string, string> = {};
    stubApi(
      library({
        '/api/manageconnections/getSelectedDetails': details([
          planned(1, { attributionDtmfIvrId: 121 }),
          planned(2, { attributionId: 111 }),
          planned(3),
        ]),
        '/api/manageconnections/connectAdvanced/': (init) => {
          saved = posted(init);
          return jsonResponse({ success: true });
        },
      }),
    );
    const user = renderRouting('/routing/numbers/advanced');
    await form();
    const attribution = (n: number) =>
      screen.getByRole('combobox', { name: `Post call agent attribution for 0161 496 000${n}` });
    // A stored DTMF IVR turns the additional features on and is shown chosen.
    expect(screen.getByRole('switch', { name: 'Additional features' })).toBeChecked();
    await waitFor(() => expect(attribution(1)).toHaveDisplayValue('Outcome menu'));
    expect(attribution(2)).toHaveDisplayValue('Agent code');
    expect(attribution(3)).toHaveDisplayValue('None');

    // Rows 2 and 3 selected: the IVR chosen on row 2 replaces its plan and goes to row 3 too.
    await user.click(screen.getByRole('checkbox', { name: 'Select 0161 496 0002' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select 0161 496 0003' }));
    await user.selectOptions(attribution(2), 'Booking menu');
    expect(attribution(2)).toHaveDisplayValue('Booking menu');
    expect(attribution(3)).toHaveDisplayValue('Booking menu');
    expect(attribution(1)).toHaveDisplayValue('Outcome menu');
    // And a plan chosen on row 3 replaces the IVR on both.
    await user.selectOptions(attribution(3), 'Agent code');
    expect(attribution(2)).toHaveDisplayValue('Agent code');
    await user.selectOptions(attribution(3), 'Booking menu');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(SUCCESS)).toHaveRole('status');
    expect([saved['form_dtmf[0]'], saved['form_dtmf[1]'], saved['form_dtmf[2]']]).toEqual([
      'IVR_121',
      'IVR_122',
      'IVR_122',
    ]);
  });

  test('a row error in a hidden column turns the additional features on and blocks the save', async () => {
    saveSelection([1]);
    const fetch = stubApi(
      library({ '/api/manageconnections/getSelectedDetails': details([planned(1, { midCallDivert: 1 })]) }),
    );
    const user = renderRouting('/routing/numbers/advanced', professional({ hasSpeech: true }));
    await form();
    await user.click(screen.getByRole('switch', { name: 'Additional features' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const divert = await screen.findByRole('switch', { name: 'Mid call divert for 0161 496 0001' });
    expect(divert).toHaveAccessibleDescription('Sorry! Mid call divert cannot be used when speech is enabled.');
    expect(fetch.mock.calls.some(([url]) => String(url).includes('connectAdvanced'))).toBe(false);
  });

  test('422 errors land on their fields; other failures show the routing error', async () => {
    saveSelection([1]);
    let answer = () =>
      jsonResponse(
        {
          success: false,
          code: 'VALIDATION_FAILED',
          errors: { 'form_description[0]': 'Description length must not exceed 80 characters.' },
        },
        422,
      );
    stubApi(
      library({
        '/api/manageconnections/getSelectedDetails': details([planned(1)]),
        '/api/manageconnections/connectAdvanced/': () => answer(),
      }),
    );
    const user = renderRouting('/routing/numbers/advanced');
    await form();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const description = screen.getByRole('textbox', { name: 'Description for 0161 496 0001' });
    await waitFor(() =>
      expect(description).toHaveAccessibleDescription('Description length must not exceed 80 characters.'),
    );

    answer = () => jsonResponse({ success: false }, 500);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ROUTING_ERROR);
    expect(location()).toHaveTextContent('/routing/numbers/advanced');
  });

  test('Cancel with no routing changed (the switch and the ticked rows are none) leaves at once, nothing selected', async () => {
    saveSelection([1, 2]);
    stubApi(library({ '/api/manageconnections/getSelectedDetails': details([planned(1), planned(2)]) }));
    const user = renderRouting('/routing/numbers/advanced');
    const f = await form();
    await plansLoaded();
    await user.click(screen.getByRole('switch', { name: 'Additional features' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select all rows' }));
    await user.click(within(f).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(location()).toHaveTextContent(/^\/routing$/);
    expect(loadSelection()).toEqual([]);
  });

  test('Cancel with a changed plan asks first; Keep editing keeps it, Discard changes leaves with nothing selected', async () => {
    saveSelection([1, 2]);
    const fetch = stubApi(library({ '/api/manageconnections/getSelectedDetails': details([planned(1), planned(2)]) }));
    const user = renderRouting('/routing/numbers/advanced');
    const f = await form();
    await plansLoaded();
    await user.selectOptions(planSelect('0161 496 0002'), 'Weekend');
    await user.click(within(f).getByRole('button', { name: 'Cancel' }));
    const asked = screen.getByRole('dialog', { name: 'Discard your changes?' });
    await user.click(within(asked).getByRole('button', { name: 'Keep editing' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(location()).toHaveTextContent('/routing/numbers/advanced');
    expect(planSelect('0161 496 0002')).toHaveDisplayValue('Weekend');
    expect(loadSelection()).toEqual([1, 2]);

    await user.click(within(f).getByRole('button', { name: 'Cancel' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(location()).toHaveTextContent('/routing/numbers/advanced');

    await user.click(within(f).getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Discard changes' }));
    expect(location()).toHaveTextContent(/^\/routing$/);
    expect(loadSelection()).toEqual([]);
    expect(fetch.mock.calls.some(([url]) => String(url).includes('connectAdvanced'))).toBe(false);
  });

  test('Starter sees the rows read-only with an Upgrade chip opening the purchase modal on the upgrade', async () => {
    saveSelection([1]);
    const fetch = stubApi(
      library({
        '/api/manageconnections/getSelectedDetails': details([planned(1)]),
        '/api/services/getAddonPrice': () =>
          jsonResponse({
            name: 'Professional plan',
            items: [],
            users: [],
            upgradePrice: { items: [{ price: 149, billing_frequency: '1', minimum_charge: 0, minimum_charge_billing_frequency: '1' }] },
            isAvailable: true,
            requiresUpgrade: true,
          }),
      }),
    );
    const user = renderRouting('/routing/numbers/advanced', starter());
    const t = await screen.findByRole('table', { name: 'Selected numbers and pools' });
    expect(t).toHaveTextContent('Google Ads 1');
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(fetch.mock.calls.some(([url]) => String(url).includes('getServicePlansList'))).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Upgrade' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upgrade to Professional' });
    expect(await within(dialog).findByText('£149 per month')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Upgrade' })).toBeInTheDocument();
  });
});

describe('Advanced connect impact before saving', () => {
  /** 01614960001 on Office hours (weekdays Reception, weekends Out of hours); 01614960002 basic. */
  const REPLAY = {
    snapshot: {
      servicePlans: [
        { id: 4, description: 'Office hours', rows: [dayRow(1, 5, { routing: 21 }), dayRow(6, 7, { routing: 22 })] },
        { id: 5, description: 'Weekend', rows: [dayRow(1, 7, { routing: 22 })] },
      ],
      library: {
        destinationPlans: RECEPTION_AND_OUT_OF_HOURS,
        ivrs: [],
        voicemails: [],
      },
      entries: [
        { id: 1, label: '01614960001', route: { kind: 'servicePlan', id: 4 } },
        { id: 2, label: '01614960002', route: { kind: 'number', destination: '07700900123' } },
      ],
    },
    calls: [
      replayCall(1, 1, MONDAY_MORNING),
      replayCall(2, 1, MONDAY_MORNING + 60_000),
      replayCall(3, 1, SATURDAY_MORNING),
      replayCall(4, 2, MONDAY_MORNING),
    ],
    timeZone: 'Europe/London',
  };
  const impact = () => screen.getByRole('region', { name: "Impact on last week's calls" });
  const SLOW = { timeout: 10_000 };

  test("another plan moves the row's calls; a basic row without a plan keeps its destination", async () => {
    saveSelection([1, 2]);
    const fetch = stubApi(
      library({
        '/api/manageconnections/getSelectedDetails': details([
          planned(1),
          routingRow({ id: 2, numberPool: '01614960002', description: 'Direct line', destination: '07700900123' }),
        ]),
        '/api/routinghistory/getReplayData': () => jsonResponse(REPLAY),
      }),
    );
    const user = renderRouting('/routing/numbers/advanced');
    await form();
    await plansLoaded();
    // The basic row shows no plan and is saved without one: it keeps its destination, so nothing moves.
    await waitFor(() => expect(impact()).toHaveTextContent('0 of 4 calls would have gone elsewhere'), SLOW);
    await user.selectOptions(planSelect('0161 496 0001'), 'Weekend');
    await waitFor(() => expect(impact()).toHaveTextContent('2 of 4 calls would have gone elsewhere'), SLOW);
    expect(within(impact()).getByRole('list', { name: 'Biggest moves' })).toHaveTextContent(
      'from Reception to Out of hours',
    );
    expect(fetch.mock.calls.filter(([url]) => String(url).includes('getReplayData'))).toHaveLength(1);
  });
});

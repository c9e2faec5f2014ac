import { screen, waitFor, within } from '@testing-library/react';
import { useState, type ComponentType } from 'react';
import { describe, expect, test, vi } from 'vitest';
import { account, jsonResponse } from '../../../test/fixtures';
import { DestinationPlanDialog } from '../editors/DestinationPlanDialog';
import {
  AttributionSelector,
  CategorySelector,
  DynamicWhisperSelector,
  InCallAttributionSelector,
  ReportGroupSelector,
  SecondaryReportGroupSelector,
  type SelectorProps,
} from './index';
import {
  ATTRIBUTION_OPTIONS,
  IN_CALL_ATTRIBUTIONS,
  SECONDARY_ANSWER,
  callsTo,
  posted,
  renderWithLibrary,
  stubLibrary,
  type Answers,
} from './libraryTestUtils';

function Harness({
  Selector,
  initial = 0,
  label,
}: {
  Selector: ComponentType<SelectorProps>;
  initial?: number;
  label: string;
}) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <Selector label={label} value={value} onChange={setValue} />
      <output aria-label="chosen">{value}</output>
    </>
  );
}

/** The post call agent attribution, whose value is form_dtmf's: '0', '111' or 'IVR_121'. */
function AttributionHarness({ initial = '0' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <AttributionSelector label="Post call agent attribution" value={value} onChange={setValue} />
      <output aria-label="chosen">{value}</output>
    </>
  );
}

function WhisperHarness({ poolId }: { poolId: number }) {
  const [value, setValue] = useState(0);
  return (
    <>
      <DynamicWhisperSelector label="Dynamic whisper" poolId={poolId} value={value} onChange={setValue} />
      <output aria-label="chosen">{value}</output>
    </>
  );
}

const options = (select: HTMLElement) => within(select).getAllByRole('option').map((o) => o.textContent);
const chosen = () => screen.getByRole('status', { name: 'chosen' });
const withPlans: Answers = {
  '/api/manageconnections/getInCallAttribution/': () => jsonResponse({ attributions: IN_CALL_ATTRIBUTIONS }),
};

describe('Issue-4 routing selectors', () => {
  test('categories, report groups, secondary report groups and in-call plans list their records', async () => {
    stubLibrary({ ...SECONDARY_ANSWER, ...withPlans });
    renderWithLibrary(
      <>
        <Harness Selector={CategorySelector} label="Category" />
        <Harness Selector={ReportGroupSelector} label="Report group" />
        <Harness Selector={SecondaryReportGroupSelector} label="Secondary report group" />
        <Harness Selector={InCallAttributionSelector} label="In-call attribution" />
      </>,
    );
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Category' })).toBeEnabled());
    expect(options(screen.getByRole('combobox', { name: 'Category' }))).toEqual(['Select a category', 'Sales', 'Support']);
    await waitFor(() => expect(options(screen.getByRole('combobox', { name: 'Report group' }))).toEqual(['None', 'North West']));
    await waitFor(() =>
      expect(options(screen.getByRole('combobox', { name: 'Secondary report group' }))).toEqual(['None', 'Dental implants']),
    );
    await waitFor(() =>
      expect(options(screen.getByRole('combobox', { name: 'In-call attribution' }))).toEqual(['None', 'Caller ID capture']),
    );
    for (const noun of ['category', 'report group', 'secondary report group', 'attribution plan']) {
      expect(screen.getByRole('button', { name: `Add ${noun}` })).toBeEnabled();
      expect(screen.getByRole('button', { name: `Edit ${noun}` })).toBeDisabled();
    }
  });

  test('+ on the category selector adds one; the selector takes it and the list reloads', async () => {
    let categories = [{ id: 71, description: 'Sales' }];
    const fetch = stubLibrary({
      '/api/manageroutings/getCategories': () => jsonResponse({ categories }),
      '/api/managecallcategories/createNew': () => {
        categories = [...categories, { id: 74, description: 'Referrals' }];
        return jsonResponse({ success: true, id: 74 });
      },
    });
    const user = renderWithLibrary(<Harness Selector={CategorySelector} label="Category" />);
    await user.click(await screen.findByRole('button', { name: 'Add category' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add category' });
    await user.type(within(dialog).getByLabelText('Description'), 'Referrals');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(chosen()).toHaveTextContent('74'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Category' })).toHaveDisplayValue('Referrals');
    expect(callsTo(fetch, '/api/manageroutings/getCategories')).toHaveLength(2);
  });

  test('edit on the report group selectors opens the chosen group', async () => {
    stubLibrary(SECONDARY_ANSWER);
    const user = renderWithLibrary(
      <>
        <Harness Selector={ReportGroupSelector} label="Report group" initial={81} />
        <Harness Selector={SecondaryReportGroupSelector} label="Secondary report group" initial={91} />
      </>,
    );
    await user.click(await screen.findByRole('button', { name: 'Edit secondary report group' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit secondary report group' });
    expect(within(dialog).getByLabelText('Description')).toHaveValue('Dental implants');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Edit report group' }));
    expect(within(await screen.findByRole('dialog', { name: 'Edit report group' })).getByLabelText('Description')).toHaveValue(
      'North West',
    );
  });

  test('post call agent attribution: the DTMF plans then the DTMF IVRs; + and edit open the DTMF plan dialog', async () => {
    const fetch = stubLibrary({
      '/api/managedtmf/editPlan': () =>
        jsonResponse({
          data: {
            DtmfID: 112,
            DtmfDescription: 'Sale value',
            DtmfAudiID: 51,
            DtmfEndAudiID: 52,
            DtmfMinLength: 1,
            DtmfMaxLength: 5,
            DtmfInitialKeyTimeout: 3,
            DtmfInterKeyTimeout: 1,
            DtmfSkipAudioFlag: 0,
          },
        }),
      '/api/managedtmf/create': () => jsonResponse({ success: true, planId: 112 }),
    });
    const user = renderWithLibrary(<AttributionHarness />);
    const select = screen.getByRole('combobox', { name: 'Post call agent attribution' });
    await waitFor(() => expect(select).toBeEnabled());
    expect(options(select)).toEqual(['None', 'Agent code', 'Sale value', 'Outcome menu']);
    const ivr = within(select).getByRole('option', { name: 'Outcome menu' });
    expect(ivr).toBeEnabled();
    expect(ivr).toHaveValue('IVR_121');
    expect(screen.getByRole('group', { name: 'DTMF IVRs' })).toContainElement(ivr);
    expect(screen.getByRole('button', { name: 'Edit DTMF plan' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Add DTMF plan' }));
    let dialog = await screen.findByRole('dialog', { name: 'Add DTMF plan' });
    await user.type(within(dialog).getByLabelText('Description'), 'Sale value');
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: 'Intro audio' })).toBeEnabled());
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Intro audio' }), 'Welcome message');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'End audio' }), 'Closed message');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(chosen()).toHaveTextContent(/^112$/));
    expect(callsTo(fetch, '/api/manageconnections/getAttributionOptions')).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Edit DTMF plan' }));
    dialog = await screen.findByRole('dialog', { name: 'Edit DTMF plan' });
    expect(await within(dialog).findByLabelText('Description')).toHaveValue('Sale value');
    expect(posted(callsTo(fetch, '/api/managedtmf/editPlan')[0][1])).toEqual({ id: '112' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await user.click(screen.getByRole('button', { name: 'Add DTMF IVR' }));
    expect(await screen.findByRole('dialog', { name: 'Add DTMF IVR' })).toBeInTheDocument();
  });

  test('post call agent attribution: a DTMF IVR is chosen as IVR_{id}, edit opens its dialog, and a new IVR is chosen', async () => {
    let ivrs = [{ id: 'IVR_121', description: 'Outcome menu' }];
    const fetch = stubLibrary({
      '/api/manageconnections/getAttributionOptions': () => jsonResponse({ ...ATTRIBUTION_OPTIONS, dtmfIvrs: ivrs }),
      '/api/managedtmf/getIvr/121': () =>
        jsonResponse({
          ivr: { id: 121, description: 'Outcome menu', introAudioId: 51, endAudioId: 0 },
          ivrKeys: [{ key: '1', description: 'Sale', categoryId: 71, dtmfId: 112 }],
        }),
      '/api/managedtmf/storeIvr/0': () => {
        ivrs = [...ivrs, { id: 'IVR_122', description: 'Booking menu' }];
        return jsonResponse({ success: true, id: 122 });
      },
    });
    const user = renderWithLibrary(<AttributionHarness initial="111" />);
    const select = screen.getByRole('combobox', { name: 'Post call agent attribution' });
    await waitFor(() => expect(select).toHaveDisplayValue('Agent code'));

    await user.selectOptions(select, 'Outcome menu');
    expect(chosen()).toHaveTextContent(/^IVR_121$/);
    expect(select).toHaveValue('IVR_121');
    expect(screen.queryByRole('button', { name: 'Edit DTMF plan' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit DTMF IVR' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit DTMF IVR' });
    expect(await within(dialog).findByLabelText('Description')).toHaveValue('Outcome menu');
    expect(callsTo(fetch, '/api/managedtmf/getIvr/121')).toHaveLength(1);
    expect(callsTo(fetch, '/api/managedtmf/editPlan')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    // Back to a plan, then to none.
    await user.selectOptions(select, 'Sale value');
    expect(chosen()).toHaveTextContent(/^112$/);
    expect(screen.getByRole('button', { name: 'Edit DTMF plan' })).toBeEnabled();
    await user.selectOptions(select, 'None');
    expect(chosen()).toHaveTextContent(/^0$/);

    // '+ IVR' saves a new IVR, which becomes the choice.
    await user.click(screen.getByRole('button', { name: 'Add DTMF IVR' }));
    const add = await screen.findByRole('dialog', { name: 'Add DTMF IVR' });
    await user.type(within(add).getByLabelText('Description'), 'Booking menu');
    await waitFor(() => expect(within(add).getByRole('combobox', { name: 'Intro audio' })).toBeEnabled());
    await user.selectOptions(within(add).getByRole('combobox', { name: 'Intro audio' }), 'Welcome message');
    await user.type(within(add).getByRole('textbox', { name: 'Description, key 1' }), 'Booking');
    await user.selectOptions(within(add).getByRole('combobox', { name: 'Category, key 1' }), 'Sales');
    await user.selectOptions(within(add).getByRole('combobox', { name: 'DTMF plan, key 1' }), 'Agent code');
    await user.click(within(add).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(chosen()).toHaveTextContent(/^IVR_122$/));
    expect(select).toHaveDisplayValue('Booking menu');
  });

  test('a chosen DTMF IVR missing from the list shows as unknown', async () => {
    stubLibrary();
    renderWithLibrary(<AttributionHarness initial="IVR_999" />);
    const select = screen.getByRole('combobox', { name: 'Post call agent attribution' });
    await waitFor(() => expect(select).toHaveDisplayValue('Unknown DTMF IVR (999)'));
    expect(screen.getByRole('button', { name: 'Edit DTMF IVR' })).toBeEnabled();
  });

  test('dynamic whisper: lists the whispers; + opens the dialog for the pool, and the saved whisper is chosen', async () => {
    const fetch = stubLibrary({
      '/api/managedynamicwhispers/get/0/9': () =>
        jsonResponse({ id: 0, description: '', sources: [{ source: 'google', medium: 'cpc', id: 201, whisper: '' }], affectedPools: [] }),
      '/api/managedynamicwhispers/save/0': () => jsonResponse({ success: true, id: 133 }),
      '/api/managedynamicwhispers/getDynamicWhispersList': () =>
        jsonResponse({
          dynamicWhispers: [
            { id: 131, description: 'Campaign whisper' },
            ...(callsTo(fetch, '/api/managedynamicwhispers/save/0').length ? [{ id: 133, description: 'Paid search' }] : []),
          ],
        }),
    });
    const user = renderWithLibrary(<WhisperHarness poolId={9} />);
    const select = screen.getByRole('combobox', { name: 'Dynamic whisper' });
    await waitFor(() => expect(options(select)).toEqual(['None', 'Campaign whisper']));
    await user.click(screen.getByRole('button', { name: 'Add dynamic whisper' }));
    await user.type(await screen.findByRole('textbox', { name: 'Whisper for google / cpc' }), 'Paid search caller');
    await user.type(screen.getByLabelText('Description'), 'Paid search');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(chosen()).toHaveTextContent('133'));
    expect(select).toHaveDisplayValue('Paid search');
  });

  test('the destination plan dialog chooses its in-call attribution plan, and + creates one', async () => {
    let plans = IN_CALL_ATTRIBUTIONS;
    stubLibrary({
      '/api/manageconnections/getInCallAttribution/': () => jsonResponse({ attributions: plans }),
      '/api/managedtmf/saveInCall/0': () => {
        plans = [...plans, { ...IN_CALL_ATTRIBUTIONS[0], id: 104, description: 'Number capture', attributionType: '2' }];
        return jsonResponse({ success: true, id: 104 });
      },
    });
    const user = renderWithLibrary(<DestinationPlanDialog open id={0} onClose={() => {}} onSaved={vi.fn()} />);
    const select = screen.getByRole('combobox', { name: 'In-call attribution' });
    await waitFor(() => expect(options(select)).toEqual(['None', 'Caller ID capture']));
    await user.click(screen.getByRole('button', { name: 'Add attribution plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create attribution plan' });
    await user.type(within(dialog).getByLabelText('Description'), 'Number capture');
    await user.selectOptions(within(dialog).getByLabelText('Transfer type'), "Caller's telephone number");
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(select).toHaveDisplayValue('Number capture'));
    expect(screen.queryByRole('dialog', { name: 'Create attribution plan' })).not.toBeInTheDocument();
  });

  test('a user who is not an administrator chooses but cannot add or edit', async () => {
    stubLibrary();
    renderWithLibrary(
      <AttributionHarness initial="111" />,
      account({ isAdministrator: false, userAuthCode: 10 }),
    );
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Post call agent attribution' })).toHaveValue('111'));
    expect(screen.queryByRole('button', { name: 'Add DTMF plan' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add DTMF IVR' })).not.toBeInTheDocument();
  });
});

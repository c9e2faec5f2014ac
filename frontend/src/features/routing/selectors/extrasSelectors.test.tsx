import { screen, waitFor, within } from '@testing-library/react';
import { useState, type ComponentType } from 'react';
import { describe, expect, test, vi } from 'vitest';
import { account, jsonResponse } from '../../../test/fixtures';
import { DestinationPlanDialog } from '../editors/DestinationPlanDialog';
import {
  AttributionSelector,
  CategorySelector,
  DTMF_IVR_NOT_SELECTABLE,
  DynamicWhisperSelector,
  InCallAttributionSelector,
  ReportGroupSelector,
  SecondaryReportGroupSelector,
  type SelectorProps,
} from './index';
import {
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

  test('post call agent attribution: the DTMF plans, the DTMF IVRs listed but disabled; + and edit open the DTMF plan dialog', async () => {
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
    const user = renderWithLibrary(<Harness Selector={AttributionSelector} label="Post call agent attribution" />);
    const select = screen.getByRole('combobox', { name: 'Post call agent attribution' });
    await waitFor(() => expect(select).toBeEnabled());
    expect(options(select)).toEqual(['None', 'Agent code', 'Sale value', 'Outcome menu']);
    const ivr = within(select).getByRole('option', { name: 'Outcome menu' });
    expect(ivr).toBeDisabled();
    expect(ivr).toHaveAttribute('title', DTMF_IVR_NOT_SELECTABLE);
    expect(ivr).toHaveValue('IVR_121');
    expect(screen.getByRole('group', { name: 'DTMF IVRs' })).toContainElement(ivr);

    await user.click(screen.getByRole('button', { name: 'Add DTMF plan' }));
    let dialog = await screen.findByRole('dialog', { name: 'Add DTMF plan' });
    await user.type(within(dialog).getByLabelText('Description'), 'Sale value');
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: 'Intro audio' })).toBeEnabled());
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Intro audio' }), 'Welcome message');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'End audio' }), 'Closed message');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(chosen()).toHaveTextContent('112'));
    expect(callsTo(fetch, '/api/manageconnections/getAttributionOptions')).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Edit DTMF plan' }));
    dialog = await screen.findByRole('dialog', { name: 'Edit DTMF plan' });
    expect(await within(dialog).findByLabelText('Description')).toHaveValue('Sale value');
    expect(posted(callsTo(fetch, '/api/managedtmf/editPlan')[0][1])).toEqual({ id: '112' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await user.click(screen.getByRole('button', { name: 'Add DTMF IVR' }));
    expect(await screen.findByRole('dialog', { name: 'Add DTMF IVR' })).toBeInTheDocument();
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
      <Harness Selector={AttributionSelector} label="Post call agent attribution" initial={111} />,
      account({ isAdministrator: false, userAuthCode: 10 }),
    );
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Post call agent attribution' })).toHaveValue('111'));
    expect(screen.queryByRole('button', { name: 'Add DTMF plan' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add DTMF IVR' })).not.toBeInTheDocument();
  });
});

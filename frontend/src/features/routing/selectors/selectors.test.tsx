import { screen, waitFor, within } from '@testing-library/react';
import { useState, type ComponentType } from 'react';
import { describe, expect, test } from 'vitest';
import { account, jsonResponse } from '../../../test/fixtures';
import {
  AudioSelector,
  DestinationNumberSelector,
  DestinationPlanSelector,
  QueueSelector,
  ServicePlanSelector,
  VoicemailSelector,
  type SelectorProps,
} from './index';
import { AUDIOS, callsTo, posted, renderWithLibrary, stubLibrary } from './libraryTestUtils';

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

function PlanHarness({ initial = 0 }: { initial?: number }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <ServicePlanSelector label="Service plan" value={value} onChange={setValue} rowIds={[7, 8]} />
      <output aria-label="chosen">{value}</output>
    </>
  );
}

const options = (select: HTMLElement) => within(select).getAllByRole('option').map((o) => o.textContent);
const chosen = () => screen.getByRole('status', { name: 'chosen' });

describe('Routing selectors', () => {
  test('the service plan selector lists the plans, Disconnect first, and edit needs a plan', async () => {
    stubLibrary();
    const user = renderWithLibrary(<PlanHarness />);
    const select = screen.getByRole('combobox', { name: 'Service plan' });
    expect(select).toBeDisabled();
    expect(options(select)).toEqual(['Loading…']);
    await waitFor(() => expect(select).toBeEnabled());
    expect(options(select)).toEqual(['-- Disconnect --', 'Office hours', 'Weekend cover']);
    expect(select).toHaveValue('0');
    expect(screen.getByRole('button', { name: 'Edit service plan' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Add service plan' })).toBeEnabled();

    await user.selectOptions(select, 'Weekend cover');
    expect(chosen()).toHaveTextContent('12');
    expect(screen.getByRole('button', { name: 'Edit service plan' })).toBeEnabled();
  });

  test('add opens the dialog in insert mode; edit opens the chosen record', async () => {
    const fetch = stubLibrary({
      '/api/manageconnections/get_routing_data': () =>
        jsonResponse({
          plan: {
            id: 11,
            description: 'Office hours',
            times: [
              {
                TzonLowerDay: 1,
                TzonLowerTime: '00:00',
                TzonUpperDay: 7,
                TzonUpperTime: '23:59',
                planType: 'routing',
                TzonRogrID: 21,
                TzonIvrsID: 0,
              },
            ],
          },
          affected_numbers: [],
        }),
    });
    const user = renderWithLibrary(<PlanHarness initial={11} />);
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Service plan' })).toHaveValue('11'));

    await user.click(screen.getByRole('button', { name: 'Add service plan' }));
    const dialog = screen.getByRole('dialog', { name: 'Add service plan' });
    expect(within(dialog).getByLabelText('Description')).toHaveValue('');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit service plan' }));
    await waitFor(() =>
      expect(within(screen.getByRole('dialog', { name: 'Edit service plan' })).getByLabelText('Description')).toHaveValue(
        'Office hours',
      ),
    );
    const [call] = callsTo(fetch, '/api/manageconnections/get_routing_data');
    const body = call[1]?.body as FormData;
    expect(body.get('id')).toBe('11');
    expect(body.getAll('provisioning_numbers[]')).toEqual(['7', '8']);
  });

  test('after a save the selector takes the new id and the list reloads', async () => {
    let audios = AUDIOS;
    const fetch = stubLibrary({
      '/api/manageconnections/getCustomerAudios': () => jsonResponse({ audios }),
      '/api/manageaudios/getAudioList': () => jsonResponse({ audioList: [] }),
      '/api/manageaudios/checkAudioDescription/0': () => jsonResponse({ success: true }),
      '/api/manageaudios/addAudio/': () => {
        audios = [...AUDIOS, { id: 53, description: 'Lunch break' }];
        return jsonResponse({ success: true, id: 53 });
      },
    });
    const user = renderWithLibrary(<Harness Selector={AudioSelector} label="Intro" />);
    const select = screen.getByRole('combobox', { name: 'Intro' });
    await waitFor(() => expect(options(select)).toEqual(['None', 'Welcome message', 'Closed message']));

    await user.click(screen.getByRole('button', { name: 'Add audio' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add audio' });
    await user.type(within(dialog).getByLabelText('Description'), 'Lunch break');
    await user.type(within(dialog).getByLabelText('Text to speech'), 'We are at lunch');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(chosen()).toHaveTextContent('53');
    expect(select).toHaveValue('53');
    expect(options(select)).toContain('Lunch break');
    expect(callsTo(fetch, '/api/manageconnections/getCustomerAudios')).toHaveLength(2);
    expect(posted(callsTo(fetch, '/api/manageaudios/addAudio/')[0][1])).toMatchObject({
      form_description: 'Lunch break',
      form_audio_sentence: 'We are at lunch',
    });
  });

  test('each list is fetched once however many selectors show it', async () => {
    const fetch = stubLibrary();
    renderWithLibrary(
      <>
        <Harness Selector={AudioSelector} label="Intro" />
        <Harness Selector={AudioSelector} label="Whisper" />
        <Harness Selector={DestinationPlanSelector} label="Destination plan" />
        <Harness Selector={DestinationNumberSelector} label="Destination" />
        <Harness Selector={QueueSelector} label="Queue" />
        <Harness Selector={VoicemailSelector} label="Voicemail" />
      </>,
    );
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Voicemail' })).toBeEnabled());
    expect(options(screen.getByRole('combobox', { name: 'Destination plan' }))).toEqual([
      'Select a destination plan',
      'Reception',
      'Out of hours',
    ]);
    expect(options(screen.getByRole('combobox', { name: 'Destination' }))).toEqual([
      'Select a destination number',
      'Front desk',
      'Manager mobile',
    ]);
    expect(options(screen.getByRole('combobox', { name: 'Queue' }))).toEqual(['No queue', 'Sales queue']);
    expect(options(screen.getByRole('combobox', { name: 'Voicemail' }))).toEqual(['Select a voicemail', 'Out of hours']);
    expect(callsTo(fetch, '/api/manageconnections/getCustomerAudios')).toHaveLength(1);
    expect(callsTo(fetch, '/api/manageroutings/getRoutings/')).toHaveLength(1);
  });

  test('a user who is not an administrator chooses from the lists but has no add or edit buttons', async () => {
    stubLibrary();
    renderWithLibrary(<PlanHarness initial={11} />, account({ isAdministrator: false, userAuthCode: 10 }));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Service plan' })).toHaveValue('11'));
    expect(screen.queryByRole('button', { name: 'Add service plan' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit service plan' })).not.toBeInTheDocument();
  });

  test('a list that fails to load says so and can be fetched again', async () => {
    let fail = true;
    stubLibrary({
      '/api/manageconnections/getQueues/': () =>
        fail ? jsonResponse({ success: false }, 500) : jsonResponse({ queues: [{ id: 41, description: 'Sales queue' }] }),
    });
    const user = renderWithLibrary(<Harness Selector={QueueSelector} label="Queue" />);
    expect(await screen.findByText(/Something went wrong\. Please try again or contact us at 0161 496 0000/)).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Queue' })).toHaveAttribute('aria-invalid', 'true');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(options(screen.getByRole('combobox', { name: 'Queue' }))).toEqual(['No queue', 'Sales queue']));
    expect(screen.queryByText(/Something went wrong/)).not.toBeInTheDocument();
  });

  test('a chosen id the list does not hold is still shown', async () => {
    stubLibrary();
    renderWithLibrary(<Harness Selector={DestinationPlanSelector} label="Destination plan" initial={99} />);
    const select = screen.getByRole('combobox', { name: 'Destination plan' });
    await waitFor(() => expect(select).toBeEnabled());
    expect(select).toHaveValue('99');
    expect(options(select)).toContain('Unknown destination plan (99)');
  });

  test('a field error from the form shows under the select', async () => {
    stubLibrary();
    renderWithLibrary(
      <DestinationPlanSelector label="Destination plan" value={0} onChange={() => {}} error="A destination plan is required." />,
    );
    const select = screen.getByRole('combobox', { name: 'Destination plan' });
    expect(select).toHaveAccessibleDescription('A destination plan is required.');
    expect(select).toHaveAttribute('aria-invalid', 'true');
  });
});

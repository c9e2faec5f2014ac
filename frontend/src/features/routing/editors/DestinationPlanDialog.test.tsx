import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { jsonResponse } from '../../../test/fixtures';
import { callsTo, posted, renderWithLibrary, stubLibrary, unprocessable, type Answers } from '../selectors/libraryTestUtils';
import { DestinationPlanDialog } from './DestinationPlanDialog';

const SAVE_NEW = '/api/manageroutings/save/0';
const DETAILS = '/api/manageconnections/getDestinationPlanDetails/22';

const OUT_OF_HOURS = {
  plan: { id: 22, description: 'Out of hours', planType: 1, queue: 41, attributionId: 0, noResponseDestination: 32 },
  planDestinations: [
    { destination: 31, ringLength: 0, ringLengthMultiDial: 20 },
    { destination: 32, ringLength: 0, ringLengthMultiDial: 0 },
  ],
  affectedNumbers: [{ number: '01614960002' }],
  affectedNumberSets: [{ description: 'Website pool' }],
};

function setup(id: number, answers: Answers = {}) {
  const onSaved = vi.fn();
  const fetch = stubLibrary(answers);
  const user = renderWithLibrary(<DestinationPlanDialog open id={id} onClose={() => {}} onSaved={onSaved} />);
  return { fetch, user, onSaved };
}

const ready = () => waitFor(() => expect(screen.getByRole('combobox', { name: 'Destination, row 1' })).toBeEnabled());
const options = (name: string) =>
  within(screen.getByRole('combobox', { name })).getAllByRole('option').map((o) => o.textContent);

describe('Destination plan dialog', () => {
  test('a new hunt group: one destination ringing 60 seconds by default, lengths 5 to 60', async () => {
    setup(0);
    await ready();
    expect(screen.getByRole('dialog', { name: 'Add destination plan' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Hunt group', pressed: true })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Ring length, row 1' })).toHaveValue('60');
    expect(options('Ring length, row 1')).toHaveLength(12);
    expect(options('Ring length, row 1')[0]).toBe('5 seconds');
    expect(screen.queryByRole('combobox', { name: 'No-response destination' })).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Queue' })).toHaveValue('0');
    expect(screen.getByRole('combobox', { name: 'In-call attribution' })).toHaveDisplayValue('None');
  });

  test('Save shows the domain messages and posts nothing', async () => {
    const { fetch, user } = setup(0);
    await ready();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Description is required.')).toBeInTheDocument();
    expect(screen.getByText('Destination is required.')).toBeInTheDocument();
    expect(callsTo(fetch, SAVE_NEW)).toHaveLength(0);
  });

  test('multi dial: only the first row has a ring length (5 to 30, default 30), and a no-response destination', async () => {
    const { fetch, user, onSaved } = setup(0, { [SAVE_NEW]: () => jsonResponse({ success: true, rogrId: 23 }) });
    await ready();
    await user.click(screen.getByRole('button', { name: 'Multi dial' }));
    await user.click(screen.getByRole('button', { name: 'Add destination' }));
    expect(screen.getByRole('combobox', { name: 'Ring length, row 1' })).toHaveValue('30');
    expect(options('Ring length, row 1')).toEqual(['5 seconds', '10 seconds', '15 seconds', '20 seconds', '25 seconds', '30 seconds']);
    expect(screen.queryByRole('combobox', { name: 'Ring length, row 2' })).not.toBeInTheDocument();
    expect(screen.getByText('Rings with row 1')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Description'), 'Everyone at once');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Destination, row 1' }), 'Front desk');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Destination, row 2' }), 'Manager mobile');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Ring length, row 1' }), '20 seconds');
    await user.selectOptions(screen.getByRole('combobox', { name: 'No-response destination' }), 'Manager mobile');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Queue' }), 'Sales queue');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(23));
    expect(posted(callsTo(fetch, SAVE_NEW)[0][1])).toEqual({
      form_description: 'Everyone at once',
      form_record_id: '0',
      form_queue: '41',
      form_incall: '0',
      form_plan_type: '1',
      form_no_response_destination: '32',
      'form_destination[0]': '31',
      'form_ring_length[0]': '20',
      'form_destination[1]': '32',
      'form_ring_length[1]': '0',
    });
    expect(callsTo(fetch, '/api/manageroutings/getRoutings/')).toHaveLength(2);
  });

  test('a hunt group posts a ring length per row and no no-response destination', async () => {
    const { fetch, user } = setup(0, { [SAVE_NEW]: () => jsonResponse({ success: true, rogrId: 24 }) });
    await ready();
    await user.type(screen.getByLabelText('Description'), 'Front then manager');
    await user.click(screen.getByRole('button', { name: 'Add destination' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Destination, row 1' }), 'Front desk');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Destination, row 2' }), 'Manager mobile');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Ring length, row 2' }), '15 seconds');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(fetch, SAVE_NEW)).toHaveLength(1));
    const fields = posted(callsTo(fetch, SAVE_NEW)[0][1]);
    expect(fields).toMatchObject({ form_plan_type: '0', 'form_ring_length[0]': '60', 'form_ring_length[1]': '15' });
    expect(fields).not.toHaveProperty('form_no_response_destination');
  });

  test('edit loads the plan and its affected numbers; Update asks first, Save as new posts id 0', async () => {
    const { fetch, user, onSaved } = setup(22, {
      [DETAILS]: () => jsonResponse(OUT_OF_HOURS),
      '/api/manageroutings/save/22': () => jsonResponse({ success: true, rogrId: 22 }),
      [SAVE_NEW]: () => jsonResponse({ success: true, rogrId: 25 }),
    });
    await waitFor(() => expect(screen.getByRole('dialog', { name: 'Edit destination plan' })).toHaveTextContent('Description'));
    await ready();
    expect(screen.getByLabelText('Description')).toHaveValue('Out of hours');
    expect(screen.getByRole('button', { name: 'Multi dial', pressed: true })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Ring length, row 1' })).toHaveValue('20');
    expect(screen.getByRole('combobox', { name: 'Destination, row 2' })).toHaveDisplayValue('Manager mobile');
    expect(screen.getByRole('combobox', { name: 'No-response destination' })).toHaveDisplayValue('Manager mobile');
    expect(screen.getByRole('combobox', { name: 'Queue' })).toHaveDisplayValue('Sales queue');
    expect(screen.getByText(/Heads up! Changing this record will affect other pools\/numbers/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Show which' }));
    const list = screen.getByRole('dialog', { name: 'Are you sure?' });
    expect(list).toHaveTextContent('0161 496 0002');
    expect(list).toHaveTextContent('Website pool');
    await user.click(within(list).getByRole('button', { name: 'Close' }));

    await user.click(screen.getByRole('button', { name: 'Update' }));
    const sure = screen.getByRole('dialog', { name: 'Are you sure?' });
    await user.click(within(sure).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(22));
    expect(posted(callsTo(fetch, '/api/manageroutings/save/22')[0][1])).toMatchObject({
      form_record_id: '22',
      form_description: 'Out of hours',
      form_plan_type: '1',
    });

    // Save as new needs its own description.
    await user.click(screen.getByRole('button', { name: 'Save as new' }));
    expect(screen.getByText('Description must be unique.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Description'), ' copy');
    await user.click(screen.getByRole('button', { name: 'Save as new' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(25));
    expect(posted(callsTo(fetch, SAVE_NEW)[0][1])).toMatchObject({ form_record_id: '0', form_description: 'Out of hours copy' });
  });

  test("the server's messages land on the fields; any other failure gives the contact message", async () => {
    let answer = unprocessable('DESCRIPTION_NOT_UNIQUE', { form_description: 'Description must be unique.' });
    const { user } = setup(0, { [SAVE_NEW]: () => answer });
    await ready();
    await user.type(screen.getByLabelText('Description'), 'Reception 2');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Destination, row 1' }), 'Front desk');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Description must be unique.')).toBeInTheDocument();

    answer = jsonResponse({ success: false }, 500);
    await user.type(screen.getByLabelText('Description'), 'x');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Something went wrong. Please contact us at 0161 496 0000 or via email at clientservices@calltrack.example.',
    );
  });

  test('rows can be removed but one always stays', async () => {
    const { user } = setup(0);
    await ready();
    expect(screen.getByRole('button', { name: 'Remove destination 1' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Add destination' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Destination, row 2' }), 'Manager mobile');
    await user.click(screen.getByRole('button', { name: 'Remove destination 1' }));
    expect(screen.getByRole('combobox', { name: 'Destination, row 1' })).toHaveDisplayValue('Manager mobile');
    expect(screen.queryByRole('combobox', { name: 'Destination, row 2' })).not.toBeInTheDocument();
  });
});

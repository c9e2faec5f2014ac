import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { jsonResponse } from '../../../test/fixtures';
import { callsTo, posted, renderWithLibrary, stubLibrary, unprocessable, type Answers } from '../selectors/libraryTestUtils';
import { DestinationNumberDialog } from './DestinationNumberDialog';

const STORE = '/api/manageterms/storeDestinationNumber';
const UPDATE = '/api/manageterms/updateDestinationNumber';

function setup(id: number, answers: Answers = {}) {
  const onSaved = vi.fn();
  const fetch = stubLibrary(answers);
  const user = renderWithLibrary(<DestinationNumberDialog open id={id} onClose={() => {}} onSaved={onSaved} />);
  return { fetch, user, onSaved };
}

describe('Destination number dialog', () => {
  test('a new number: UK code chosen, validated as typed, then stored', async () => {
    const { fetch, user, onSaved } = setup(0, { [STORE]: () => jsonResponse({ success: true, id: 33 }) });
    const code = await screen.findByRole('combobox', { name: 'International code' });
    expect(screen.getByRole('dialog', { name: 'Add destination number' })).toBeInTheDocument();
    expect(code).toHaveDisplayValue('United Kingdom (44)');
    expect(within(code).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Select an international code',
      'Ireland (353)',
      'United Kingdom (44)',
    ]);

    await user.type(screen.getByLabelText('Destination number'), '0161');
    expect(screen.getByText('Destination must be at least 8 digits in length.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Destination number'), '4960199');
    await user.type(screen.getByLabelText('Description'), 'Front desk');
    expect(screen.getByLabelText('Description')).toHaveAttribute('aria-invalid', 'true');
    await user.clear(screen.getByLabelText('Description'));
    await user.type(screen.getByLabelText('Description'), 'Back office');
    await user.click(screen.getByRole('switch', { name: 'Mailbox' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(33));
    expect(posted(callsTo(fetch, STORE)[0][1])).toEqual({
      form_number_description: 'Back office',
      form_destination_number: '01614960199',
      form_international_code: '1',
      form_country_code: '44',
      form_mailbox: '1',
    });
    expect(callsTo(fetch, '/api/manageconnections/getDestinationNumbers/')).toHaveLength(2);
  });

  test('a duplicate number lands on the number field', async () => {
    const { user } = setup(0, {
      [STORE]: () =>
        unprocessable('DESTINATION_NUMBER_NOT_UNIQUE', {
          form_destination_number: 'This destination number already exists on this account.',
        }),
    });
    await user.type(await screen.findByLabelText('Destination number'), '01614960100');
    await user.type(screen.getByLabelText('Description'), 'Front desk again');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const message = await screen.findByText('This destination number already exists on this account.');
    expect(screen.getByLabelText('Destination number')).toHaveAccessibleDescription(message.textContent!);
  });

  test('edit: the number is read-only, and only the description and mailbox are posted', async () => {
    const { fetch, user, onSaved } = setup(32, { [UPDATE]: () => jsonResponse({ success: true, id: 32 }) });
    const number = await screen.findByLabelText('Destination number');
    expect(screen.getByRole('dialog', { name: 'Edit destination number' })).toBeInTheDocument();
    expect(number).toHaveValue('07700 900123');
    expect(number).toHaveAttribute('readonly');
    expect(screen.queryByRole('combobox', { name: 'International code' })).not.toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Mailbox' })).toBeChecked();

    await user.type(screen.getByLabelText('Description'), ' (work)');
    await user.click(screen.getByRole('switch', { name: 'Mailbox' }));
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(32));
    expect(posted(callsTo(fetch, UPDATE)[0][1])).toEqual({
      form_number_description: 'Manager mobile (work)',
      form_record_id: '32',
      form_mailbox: '0',
    });
  });

  test('any other failure shows the generic message', async () => {
    const { user } = setup(32, { [UPDATE]: () => jsonResponse({ success: false }, 500) });
    await user.click(await screen.findByRole('button', { name: 'Update' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong. Please try again.');
  });
});

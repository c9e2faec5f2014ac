import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { jsonResponse } from '../../../test/fixtures';
import { callsTo, postedPairs, renderWithLibrary, stubLibrary, unprocessable, type Answers } from '../selectors/libraryTestUtils';
import { DtmfIvrDialog } from './DtmfIvrDialog';

function setup(id: number, answers: Answers = {}) {
  const onSaved = vi.fn();
  const fetch = stubLibrary(answers);
  const user = renderWithLibrary(<DtmfIvrDialog open id={id} onClose={() => {}} onSaved={onSaved} />);
  return { fetch, user, onSaved };
}

const combo = (name: string) => screen.getByRole('combobox', { name });
const keyLabels = () =>
  within(screen.getByRole('table', { name: 'Keys' }))
    .getAllByRole('rowheader')
    .map((h) => h.textContent);

describe('DTMF IVR dialog', () => {
  test('Add DTMF IVR: keys 1, 2, 3… with description, category and DTMF plan; the rules as typed; then stored', async () => {
    const { fetch, user, onSaved } = setup(0, {
      '/api/managedtmf/storeIvr/0': () => jsonResponse({ success: true, id: 122 }),
    });
    expect(screen.getByRole('dialog', { name: 'Add DTMF IVR' })).toBeInTheDocument();
    expect(keyLabels()).toEqual(['1']);
    expect(screen.getByRole('button', { name: 'Remove key 1' })).toBeDisabled();
    await waitFor(() => expect(combo('Category, key 1')).toBeEnabled());
    await waitFor(() => expect(combo('DTMF plan, key 1')).toBeEnabled());
    expect(within(combo('DTMF plan, key 1')).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'None',
      'Agent code',
      'Sale value',
    ]);

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('The description field is required.')).toBeInTheDocument();
    expect(screen.getByText('The intro audio field is required.')).toBeInTheDocument();
    expect(screen.getByText('If one of the keys has no attribution plan, default end audio is required.')).toBeInTheDocument();
    expect(screen.getByText('Description is required')).toBeInTheDocument();
    expect(screen.getByText('Category is required')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Description'), 'Outcome menu');
    await user.selectOptions(combo('Intro audio'), 'Welcome message');
    await user.type(screen.getByRole('textbox', { name: 'Description, key 1' }), 'Sale');
    await user.selectOptions(combo('Category, key 1'), 'Sales');
    await user.selectOptions(combo('DTMF plan, key 1'), 'Sale value');
    expect(
      screen.queryByText('If one of the keys has no attribution plan, default end audio is required.'),
    ).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add key' }));
    expect(keyLabels()).toEqual(['1', '2']);
    await user.click(screen.getByRole('textbox', { name: 'Description, key 2' }));
    await user.paste('d'.repeat(71));
    expect(screen.getByText('Maximum description length is 70 characters')).toBeInTheDocument();
    await user.clear(screen.getByRole('textbox', { name: 'Description, key 2' }));
    await user.type(screen.getByRole('textbox', { name: 'Description, key 2' }), 'No sale');
    await waitFor(() => expect(combo('Category, key 2')).toBeEnabled());
    await user.selectOptions(combo('Category, key 2'), 'Support');
    await user.selectOptions(combo('End audio'), 'Closed message');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(122));
    expect(postedPairs(callsTo(fetch, '/api/managedtmf/storeIvr/0')[0][1])).toEqual([
      ['description', 'Outcome menu'],
      ['introAudioId', '51'],
      ['endAudioId', '52'],
      ['keyDescription[]', 'Sale'],
      ['keyDescription[]', 'No sale'],
      ['keyCategoryId[]', '71'],
      ['keyCategoryId[]', '72'],
      ['keyDtmfId[]', '112'],
      ['keyDtmfId[]', '0'],
    ]);
    expect(callsTo(fetch, '/api/manageconnections/getAttributionOptions')).toHaveLength(2);
  });

  test('twelve keys at most, labelled 1-9, 0, *, #; removing renumbers', async () => {
    const { user } = setup(0);
    for (let i = 0; i < 11; i++) await user.click(screen.getByRole('button', { name: 'Add key' }));
    expect(keyLabels()).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '0', '*', '#']);
    expect(screen.getByRole('button', { name: 'Add key' })).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Description, key #' }), 'Last');
    await user.click(screen.getByRole('button', { name: 'Remove key 1' }));
    expect(keyLabels()).toHaveLength(11);
    expect(screen.getByRole('textbox', { name: 'Description, key *' })).toHaveValue('Last');
    expect(screen.getByRole('button', { name: 'Add key' })).toBeEnabled();
  });

  test('Edit DTMF IVR loads its keys and stores them again under its id; server messages land on the rows', async () => {
    const { fetch, user } = setup(121, {
      '/api/managedtmf/getIvr/121': () =>
        jsonResponse({
          ivr: { id: 121, description: 'Outcome menu', introAudioId: 51, endAudioId: 0 },
          ivrKeys: [
            { key: '1', description: 'Sale', categoryId: 71, dtmfId: 112 },
            { key: '2', description: 'Booking', categoryId: 72, dtmfId: 111 },
          ],
        }),
      '/api/managedtmf/storeIvr/121': () =>
        unprocessable('VALIDATION_FAILED', { 'keyCategoryId[1]': 'Category is required' }),
    });
    expect(await screen.findByLabelText('Description')).toHaveValue('Outcome menu');
    expect(screen.getByRole('dialog', { name: 'Edit DTMF IVR' })).toBeInTheDocument();
    expect(keyLabels()).toEqual(['1', '2']);
    expect(screen.getByRole('textbox', { name: 'Description, key 2' })).toHaveValue('Booking');
    await waitFor(() => expect(combo('DTMF plan, key 2')).toHaveDisplayValue('Agent code'));
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Category is required')).toBeInTheDocument();
    expect(combo('Category, key 2')).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(fetch, '/api/managedtmf/storeIvr/121')).toHaveLength(1);
  });
});

import { screen, waitFor } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { jsonResponse } from '../../../test/fixtures';
import { callsTo, posted, renderWithLibrary, stubLibrary, type Answers } from '../selectors/libraryTestUtils';
import { VoicemailDialog } from './VoicemailDialog';

function setup(id: number, answers: Answers = {}) {
  const onSaved = vi.fn();
  const fetch = stubLibrary(answers);
  const user = renderWithLibrary(<VoicemailDialog open id={id} onClose={() => {}} onSaved={onSaved} />);
  return { fetch, user, onSaved };
}

describe('Voicemail dialog', () => {
  test('Add voicemail: description and greeting are required, then stored', async () => {
    const { fetch, user, onSaved } = setup(0, {
      '/api/managevoicemails/store/': () => jsonResponse({ success: true, id: 62 }),
    });
    expect(screen.getByRole('dialog', { name: 'Add voicemail' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'History' })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Greeting audio' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Description is required.')).toBeInTheDocument();
    expect(screen.getByText('Audio is required.')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Description'), 'Lunchtime');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Greeting audio' }), 'Closed message');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(62));
    expect(posted(callsTo(fetch, '/api/managevoicemails/store/')[0][1])).toEqual({
      description: 'Lunchtime',
      audioId: '52',
      voicemailId: '0',
      form_record_id: '0',
    });
    expect(callsTo(fetch, '/api/managevoicemails/getList')).toHaveLength(2);
  });

  test('Edit voicemail loads the box and updates it', async () => {
    const { fetch, user, onSaved } = setup(61, {
      '/api/managevoicemails/get/61': () => jsonResponse({ description: 'Out of hours', audioId: 52 }),
      '/api/managevoicemails/update/61': () => jsonResponse({ success: true, id: 61 }),
    });
    expect(await screen.findByLabelText('Description')).toHaveValue('Out of hours');
    expect(screen.getByRole('dialog', { name: 'Edit voicemail' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'History' })).toHaveAttribute('href', '/routing/history?kind=voicemail&record=61');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Greeting audio' })).toHaveDisplayValue('Closed message'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Greeting audio' }), 'Welcome message');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(61));
    expect(posted(callsTo(fetch, '/api/managevoicemails/update/61')[0][1])).toEqual({
      description: 'Out of hours',
      audioId: '51',
      voicemailId: '61',
      form_record_id: '61',
    });
  });

  test('a failed save says so', async () => {
    const { user } = setup(61, {
      '/api/managevoicemails/get/61': () => jsonResponse({ description: 'Out of hours', audioId: 52 }),
      '/api/managevoicemails/update/61': () => jsonResponse({ success: false }, 500),
    });
    await user.click(await screen.findByRole('button', { name: 'Update' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong. Please try again.');
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { jsonResponse } from '../../../test/fixtures';
import { callsTo, posted, renderWithLibrary, stubLibrary, unprocessable, type Answers } from '../selectors/libraryTestUtils';
import { QueueDialog } from './QueueDialog';

const SAVE_NEW = '/api/queues/save/0';

function setup(id: number, answers: Answers = {}) {
  const onSaved = vi.fn();
  const fetch = stubLibrary(answers);
  const user = renderWithLibrary(<QueueDialog open id={id} onClose={() => {}} onSaved={onSaved} />);
  return { fetch, user, onSaved };
}

const options = (name: string) =>
  within(screen.getByRole('combobox', { name })).getAllByRole('option').map((o) => o.textContent);

describe('Queue dialog', () => {
  test('a new queue: the choices come from the domain, and Add shows every message', async () => {
    const { fetch, user } = setup(0);
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Welcome audio' })).toBeEnabled());
    expect(screen.getByRole('dialog', { name: 'Add queue' })).toBeInTheDocument();
    expect(options('Hold music')).toEqual(['Select a genre', 'Classical', 'Easy Listening', 'Light Rock', 'Eighties', 'Pop']);
    expect(options('Message mode')).toContain('Repeat 1st Audio Message Only');
    expect(options('Message interval')).toEqual(['Select an interval', ...[30, 40, 50, 60, 70, 80, 90, 100, 110, 120].map((s) => `${s} seconds`)]);
    for (const name of ['Welcome audio', 'Message 1 audio', 'Message 2 audio', 'Message 3 audio', 'Next in line audio', 'Queue full audio']) {
      expect(screen.getByRole('combobox', { name })).toHaveDisplayValue('None');
    }

    await user.click(screen.getByRole('button', { name: 'Add' }));
    for (const message of [
      'Description is required.',
      'Maximum calls in queue is required.',
      'Quantity of lines is required.',
      'Hold music genre is required.',
      'Message mode is required.',
      'Message interval is required.',
    ]) {
      expect(screen.getByText(message)).toBeInTheDocument();
    }
    expect(callsTo(fetch, SAVE_NEW)).toHaveLength(0);

    await user.type(screen.getByLabelText('Maximum calls in queue'), '101');
    expect(screen.getByText('A maximum of 100 calls are allowed in a queue.')).toBeInTheDocument();
  });

  test('adds a queue with its six audio choices', async () => {
    const { fetch, user, onSaved } = setup(0, { [SAVE_NEW]: () => jsonResponse({ success: true, id: 42 }) });
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Welcome audio' })).toBeEnabled());
    await user.type(screen.getByLabelText('Description'), 'Support queue');
    await user.type(screen.getByLabelText('Maximum calls in queue'), '20');
    await user.type(screen.getByLabelText('Quantity of lines'), '3');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Hold music' }), 'Pop');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Message mode' }), 'Cycle + Position');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Message interval' }), '90 seconds');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Welcome audio' }), 'Welcome message');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Message 2 audio' }), 'Closed message');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Queue full audio' }), 'Closed message');
    await user.click(screen.getByRole('button', { name: 'Add' }));

    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(42));
    expect(posted(callsTo(fetch, SAVE_NEW)[0][1])).toEqual({
      form_description: 'Support queue',
      form_welcome_audio: '51',
      form_audio_1: '0',
      form_audio_2: '52',
      form_audio_3: '0',
      form_next_in_line_audio: '0',
      form_queue_full_audio: '52',
      form_hold_music: '5',
      form_max_calls: '20',
      form_lines_qty: '3',
      form_message_mode: '4',
      form_message_interval: '90',
    });
    expect(callsTo(fetch, '/api/manageconnections/getQueues/')).toHaveLength(2);
  });

  test('edit shows the queue; Update posts to its id, Save as new to 0 and needs a new description', async () => {
    const { fetch, user, onSaved } = setup(41, {
      '/api/queues/save/41': () => jsonResponse({ success: true, id: 41 }),
      [SAVE_NEW]: () => unprocessable('DESCRIPTION_NOT_UNIQUE', { form_description: 'Description is not unique.' }, { error: 'Description is not unique.' }),
    });
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Welcome audio' })).toHaveDisplayValue('Welcome message'));
    expect(screen.getByRole('dialog', { name: 'Edit queue' })).toBeInTheDocument();
    expect(screen.getByLabelText('Description')).toHaveValue('Sales queue');
    expect(screen.getByLabelText('Maximum calls in queue')).toHaveValue('10');
    expect(screen.getByRole('combobox', { name: 'Hold music' })).toHaveDisplayValue('Easy Listening');
    expect(screen.getByRole('combobox', { name: 'Message interval' })).toHaveDisplayValue('60 seconds');
    expect(screen.getByRole('combobox', { name: 'Queue full audio' })).toHaveDisplayValue('Closed message');

    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(41));
    expect(posted(callsTo(fetch, '/api/queues/save/41')[0][1])).toMatchObject({ form_description: 'Sales queue', form_lines_qty: '2' });

    await user.click(screen.getByRole('button', { name: 'Save as new' }));
    expect(screen.getByText('Description is not unique.')).toBeInTheDocument();
    expect(callsTo(fetch, SAVE_NEW)).toHaveLength(0);

    // The server's answer lands on the description too.
    await user.type(screen.getByLabelText('Description'), ' 2');
    await user.click(screen.getByRole('button', { name: 'Save as new' }));
    expect(await screen.findByText('Description is not unique.')).toBeInTheDocument();
    expect(callsTo(fetch, SAVE_NEW)).toHaveLength(1);
  });
});

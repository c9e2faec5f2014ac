import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, test } from 'vitest';
import { AccountProvider } from '../../../lib/account';
import { account, jsonResponse } from '../../../test/fixtures';
import { callsTo, postedPairs, stubLibrary, type Answers } from '../selectors/libraryTestUtils';
import { AudioList } from './AudioList';

const LIST = '/api/manageaudios/getAudioList';
const AFFECTED = '/api/manageaudios/getAffectedLocations';
const DELETE = '/api/manageaudios/bulkSoftDelete';
const CONFIRM = '/api/handleajax/confirmPassword';

function audio(id: number, description: string, file = '', sentence = '', createdAt = '01/03/2025') {
  return { AudiID: id, AudiDescription: description, AudiFilename: file, AudiSentence: sentence, createdAt };
}

const WELCOME = audio(51, 'Welcome message', 'c100_51.wav', '', '03/02/2025');
const CLOSED = audio(52, 'Closed message', '', 'We are closed', '12/01/2025');

function setup(answers: Answers = {}, acc = account()) {
  const fetch = stubLibrary(answers);
  render(
    <MemoryRouter>
      <AccountProvider account={acc} setAccount={() => {}} reload={async () => {}}>
        <AudioList title="Audio" />
      </AccountProvider>
    </MemoryRouter>,
  );
  return { fetch, user: userEvent.setup() };
}

const audioTable = () => screen.findByRole('table', { name: 'Audio' });
const bodyRows = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);

describe('Audio list', () => {
  test('lists the audio by description: file or text to speech, and the date created', async () => {
    setup({ [LIST]: () => jsonResponse({ audioList: [WELCOME, CLOSED] }) });
    expect(screen.getByRole('heading', { level: 1, name: 'Audio' })).toBeInTheDocument();
    expect(screen.getByText('Loading audio…')).toBeInTheDocument();
    const table = await audioTable();
    const rows = bodyRows(table);
    expect(rows[0]).toHaveTextContent('Closed message');
    expect(rows[0]).toHaveTextContent('Text to speech: We are closed');
    expect(rows[0]).toHaveTextContent('12/01/2025');
    expect(rows[1]).toHaveTextContent('c100_51.wav');
    expect(screen.getByRole('button', { name: 'Delete selected' })).toBeDisabled();
  });

  test('shows 10 rows a page by default, with the rows-per-page choices', async () => {
    const list = Array.from({ length: 23 }, (_, i) => audio(100 + i, `Audio ${String(i).padStart(2, '0')}`, `f${i}.wav`));
    const { user } = setup({ [LIST]: () => jsonResponse({ audioList: list }) });
    const table = await audioTable();
    expect(bodyRows(table)).toHaveLength(10);
    const size = within(screen.getByRole('region', { name: 'Audio' })).getByRole('combobox', { name: 'Rows per page' });
    expect(within(size).getAllByRole('option').map((o) => o.textContent)).toEqual(['10', '25', '50', '100', '200', 'All']);
    await user.selectOptions(size, 'All');
    expect(bodyRows(table)).toHaveLength(23);
  });

  test('audio in use is listed and not deleted', async () => {
    const { fetch, user } = setup({
      [LIST]: () => jsonResponse({ audioList: [WELCOME, CLOSED] }),
      [AFFECTED]: () =>
        jsonResponse({
          list: [
            { audioDescription: 'Welcome message', location: 'Service number 01614960123', type: 'Intro', description: 'Google Ads - Manchester' },
            { audioDescription: 'Welcome message', location: 'Queue Sales queue', type: 'Welcome', description: 'Sales queue' },
          ],
        }),
    });
    const table = await audioTable();
    await user.click(within(table).getByRole('checkbox', { name: 'Select Welcome message' }));
    expect(screen.getByText('1 selected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete selected' }));

    const dialog = await screen.findByRole('dialog', { name: 'Audio in use' });
    const used = within(dialog).getByRole('table', { name: 'Where the audio is used' });
    expect(bodyRows(used)).toHaveLength(2);
    expect(bodyRows(used)[0]).toHaveTextContent('Welcome messageService number 01614960123IntroGoogle Ads - Manchester');
    expect(postedPairs(callsTo(fetch, AFFECTED)[0][1])).toEqual([['form_audio_id[]', '51']]);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(callsTo(fetch, CONFIRM)).toHaveLength(0);
    expect(callsTo(fetch, DELETE)).toHaveLength(0);
  });

  test('unused audio is deleted after the password, with its key, and the list reloads', async () => {
    let list = [WELCOME, CLOSED, audio(53, 'Old promo', 'promo.mp3')];
    const { fetch, user } = setup({
      [LIST]: () => jsonResponse({ audioList: list }),
      [AFFECTED]: () => jsonResponse({ list: [] }),
      [CONFIRM]: (init) => {
        const password = (init?.body as FormData).get('form_password');
        return password === 'demopass'
          ? jsonResponse({ status: 1, key: 'key-123' })
          : jsonResponse({ status: 0, data: { form_password: 'The password is incorrect.' } });
      },
      [DELETE]: () => {
        list = [WELCOME];
        return jsonResponse({ success: true });
      },
    });
    const table = await audioTable();
    await user.click(within(table).getByRole('checkbox', { name: 'Select Old promo' }));
    await user.click(within(table).getByRole('checkbox', { name: 'Select Closed message' }));
    await user.click(screen.getByRole('button', { name: 'Delete selected' }));

    const dialog = await screen.findByRole('dialog', { name: 'Delete audio' });
    await user.type(within(dialog).getByLabelText('Password'), 'wrong');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('The password is incorrect.')).toBeInTheDocument();
    expect(callsTo(fetch, DELETE)).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText('Password'));
    await user.type(within(dialog).getByLabelText('Password'), 'demopass');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    await waitFor(() => expect(bodyRows(table)).toHaveLength(1));
    expect(table).toHaveTextContent('Welcome message');
    expect(screen.getByText('The selected audio has been deleted.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(postedPairs(callsTo(fetch, DELETE)[0][1])).toEqual([
      ['form_audio_id[]', '53'],
      ['form_audio_id[]', '52'],
      ['key', 'key-123'],
    ]);
    expect(screen.getByRole('button', { name: 'Delete selected' })).toBeDisabled();
    expect(callsTo(fetch, '/api/manageconnections/getCustomerAudios')).toHaveLength(2);
  });

  test('a refused delete says so and keeps the audio', async () => {
    const { user } = setup({
      [LIST]: () => jsonResponse({ audioList: [WELCOME] }),
      [AFFECTED]: () => jsonResponse({ list: [] }),
      [CONFIRM]: () => jsonResponse({ status: 1, key: 'key-1' }),
      [DELETE]: () => jsonResponse({ success: false, code: 'FORBIDDEN' }, 403),
    });
    const table = await audioTable();
    await user.click(within(table).getByRole('checkbox', { name: 'Select Welcome message' }));
    await user.click(screen.getByRole('button', { name: 'Delete selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete audio' });
    await user.type(within(dialog).getByLabelText('Password'), 'demopass');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Something went wrong. Please try again or contact us at 0161 496 0000 or via email at clientservices@calltrack.example.',
    );
    expect(table).toHaveTextContent('Welcome message');
  });

  test('Add audio and the edit action open the audio dialog', async () => {
    const { user } = setup({ [LIST]: () => jsonResponse({ audioList: [WELCOME, CLOSED] }) });
    const table = await audioTable();
    await user.click(screen.getByRole('button', { name: 'Add audio' }));
    expect(await screen.findByRole('dialog', { name: 'Add audio' })).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));

    await user.click(within(table).getByRole('button', { name: 'Edit Closed message' }));
    await waitFor(() => expect(screen.getByLabelText('Text to speech')).toHaveValue('We are closed'));
    expect(screen.getByRole('dialog', { name: 'Edit audio' })).toBeInTheDocument();
  });

  test('the voicemail panel lists the boxes with their greeting and opens the voicemail dialog', async () => {
    const { user } = setup({
      [LIST]: () => jsonResponse({ audioList: [WELCOME, CLOSED] }),
      '/api/managevoicemails/get/61': () => jsonResponse({ description: 'Out of hours', audioId: 52 }),
    });
    const panel = await screen.findByRole('region', { name: 'Voicemail' });
    const table = await within(panel).findByRole('table', { name: 'Voicemail' });
    expect(bodyRows(table)[0]).toHaveTextContent('Out of hours');
    expect(bodyRows(table)[0]).toHaveTextContent('Closed message');

    await user.click(within(table).getByRole('button', { name: 'Edit Out of hours' }));
    expect(await screen.findByRole('dialog', { name: 'Edit voicemail' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(within(panel).getByRole('button', { name: 'Add voicemail' }));
    expect(screen.getByRole('dialog', { name: 'Add voicemail' })).toBeInTheDocument();
  });

  test('a failed load says so', async () => {
    setup({ [LIST]: () => jsonResponse({ success: false }, 500) });
    expect(await screen.findByText(/Something went wrong\. Please try again or contact us/)).toHaveRole('alert');
  });

  test('a group account sees only the heading', async () => {
    const { fetch } = setup({}, account({ isGroupAccount: true }));
    expect(screen.getByRole('heading', { level: 1, name: 'Audio' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  test('a user who is not an administrator sees the lists without add, edit or delete', async () => {
    setup({ [LIST]: () => jsonResponse({ audioList: [WELCOME, CLOSED] }) }, account({ isAdministrator: false, userAuthCode: 10 }));
    expect(await screen.findByRole('table', { name: 'Audio' })).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'Voicemail' })).toBeInTheDocument();
    for (const name of ['Add audio', 'Delete selected', 'Add voicemail']) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
    expect(screen.queryByRole('button', { name: /^Edit / })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });
});

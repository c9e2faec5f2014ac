import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { jsonResponse } from '../../../test/fixtures';
import { callsTo, postedPairs, posted, renderWithLibrary, stubLibrary, unprocessable, type Answers } from '../selectors/libraryTestUtils';
import { DynamicWhisperDialog } from './DynamicWhisperDialog';

const SOURCES = [
  { source: 'google', medium: 'cpc', id: 201, whisper: '' },
  { source: 'bing', medium: 'organic', id: 202, whisper: '' },
];
const MP3 = 'SUQzBAAAAAAAI1RTU0UAAAAPAAADTGF2ZjU4Ljc2LjEwMAAAAAAAAAAAAAAA';

function setup(id: number, poolId: number, answers: Answers = {}) {
  const onSaved = vi.fn();
  const fetch = stubLibrary(answers);
  const user = renderWithLibrary(
    <DynamicWhisperDialog open id={id} poolId={poolId} onClose={() => {}} onSaved={onSaved} />,
  );
  return { fetch, user, onSaved };
}

const whisper = (name: string) => screen.getByRole('textbox', { name: `Whisper for ${name}` });
const play = (name: string) => screen.getByRole('button', { name: `Play whisper for ${name}` });

describe('Dynamic whisper dialog', () => {
  test('Add dynamic whisper: one row per source / medium, checked as typed, then saved', async () => {
    const { fetch, user, onSaved } = setup(0, 7, {
      '/api/managedynamicwhispers/get/0/7': () =>
        jsonResponse({ id: 0, description: '', sources: SOURCES, affectedPools: [] }),
      '/api/managedynamicwhispers/save/0': () => jsonResponse({ success: true, id: 132 }),
    });
    const table = await screen.findByRole('table', { name: 'Whispers by source / medium' });
    expect(screen.getByRole('dialog', { name: 'Add dynamic whisper' })).toBeInTheDocument();
    expect(within(table).getAllByRole('rowheader').map((h) => h.textContent)).toEqual(['google / cpc', 'bing / organic']);
    expect(screen.queryByRole('note')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Description is required.')).toBeInTheDocument();
    expect(screen.getByText('Please enter at least a whisper for any source.')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Description'), 'Campaign whisper');
    await waitFor(() => expect(screen.getByText('Description must be unique.')).toBeInTheDocument());
    await user.type(screen.getByLabelText('Description'), ' 2');
    await user.click(whisper('bing / organic'));
    await user.paste('x'.repeat(256));
    expect(screen.getByText('Whisper must not exceed 255 characters.')).toBeInTheDocument();
    await user.clear(whisper('bing / organic'));
    await user.type(whisper('google / cpc'), 'Google paid search caller');
    expect(screen.queryByText('Please enter at least a whisper for any source.')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(132));
    const call = callsTo(fetch, '/api/managedynamicwhispers/save/0')[0][1];
    expect(postedPairs(call)).toEqual([
      ['description', 'Campaign whisper 2'],
      ['sourceMediumID[]', '201'],
      ['sourceMediumID[]', '202'],
      ['dynamicWhisper[]', 'Google paid search caller'],
      ['dynamicWhisper[]', ''],
      ['form_record_id', '0'],
    ]);
    expect(callsTo(fetch, '/api/managedynamicwhispers/getDynamicWhispersList')).toHaveLength(2);
  });

  test('Play: an empty text is refused; a text is spoken by the server and played from a data: URL', async () => {
    const { fetch, user } = setup(0, 0, {
      '/api/managedynamicwhispers/get/0/0': () =>
        jsonResponse({ id: 0, description: '', sources: SOURCES, affectedPools: [] }),
      '/api/managedynamicwhispers/playTextToSpeech': () => jsonResponse({ audio: MP3 }),
    });
    await user.click(await screen.findByRole('button', { name: 'Play whisper for google / cpc' }));
    expect(screen.getByText('Please input the dynamic whisper text.')).toBeInTheDocument();
    expect(callsTo(fetch, '/api/managedynamicwhispers/playTextToSpeech')).toHaveLength(0);

    await user.type(whisper('google / cpc'), 'Google caller');
    expect(screen.queryByText('Please input the dynamic whisper text.')).not.toBeInTheDocument();
    await user.click(play('google / cpc'));
    const audio = await screen.findByLabelText('Whisper for google / cpc, spoken');
    expect(audio.tagName).toBe('AUDIO');
    expect(audio).toHaveAttribute('src', `data:audio/mpeg;base64,${MP3}`);
    expect(posted(callsTo(fetch, '/api/managedynamicwhispers/playTextToSpeech')[0][1])).toEqual({
      whisperText: 'Google caller',
    });
  });

  test('Play says so when the speech cannot be made', async () => {
    const { user } = setup(0, 0, {
      '/api/managedynamicwhispers/get/0/0': () =>
        jsonResponse({ id: 0, description: '', sources: SOURCES, affectedPools: [] }),
    });
    await user.type(await screen.findByRole('textbox', { name: 'Whisper for bing / organic' }), 'Bing caller');
    await user.click(play('bing / organic'));
    expect(await screen.findByText('Something went wrong. Please try again.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Whisper for bing / organic, spoken')).not.toBeInTheDocument();
  });

  test('Edit dynamic whisper: Heads up for the other pools using it; Update asks first', async () => {
    const { fetch, user, onSaved } = setup(131, 7, {
      '/api/managedynamicwhispers/get/131/7': () =>
        jsonResponse({
          id: 131,
          description: 'Campaign whisper',
          sources: [{ ...SOURCES[0], whisper: 'Google caller' }, SOURCES[1]],
          affectedPools: [{ description: 'Website pool' }, { description: 'Brochure pool' }],
        }),
      '/api/managedynamicwhispers/save/131': () => jsonResponse({ success: true, id: 131 }),
    });
    expect(await screen.findByLabelText('Description')).toHaveValue('Campaign whisper');
    expect(screen.getByRole('dialog', { name: 'Edit dynamic whisper' })).toBeInTheDocument();
    expect(whisper('google / cpc')).toHaveValue('Google caller');
    expect(screen.getByRole('note')).toHaveTextContent('Heads up! Changing this record will affect other pools/numbers');
    await user.click(within(screen.getByRole('note')).getByRole('button', { name: 'Show which' }));
    const list = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(within(list).getByRole('list', { name: 'Affected pools' })).toHaveTextContent('Website poolBrochure pool');
    await user.click(within(list).getByRole('button', { name: 'Close' }));

    await user.type(whisper('bing / organic'), 'Bing caller');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    const sure = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(callsTo(fetch, '/api/managedynamicwhispers/save/131')).toHaveLength(0);
    await user.click(within(sure).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(131));
    expect(postedPairs(callsTo(fetch, '/api/managedynamicwhispers/save/131')[0][1])).toContainEqual([
      'dynamicWhisper[]',
      'Bing caller',
    ]);
  });

  test('the server’s messages land on the rows; a whisper that fails to load says so', async () => {
    const { user } = setup(0, 0, {
      '/api/managedynamicwhispers/get/0/0': () =>
        jsonResponse({ id: 0, description: '', sources: SOURCES, affectedPools: [] }),
      '/api/managedynamicwhispers/save/0': () =>
        unprocessable('VALIDATION_FAILED', { 'dynamicWhisper[1]': 'Invalid characters found.' }),
    });
    await user.type(await screen.findByLabelText('Description'), 'New whisper');
    await user.type(whisper('bing / organic'), 'Bing');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Invalid characters found.')).toBeInTheDocument();
    expect(whisper('bing / organic')).toHaveAttribute('aria-invalid', 'true');
  });

  test('a whisper that cannot be loaded says so', async () => {
    setup(131, 0, { '/api/managedynamicwhispers/get/131/0': () => jsonResponse({ success: false }, 404) });
    expect(await screen.findByRole('alert')).toHaveTextContent(/Something went wrong\. Please try again or contact us/);
  });
});

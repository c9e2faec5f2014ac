import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, onTestFinished, test, vi } from 'vitest';
import { jsonResponse } from '../../../test/fixtures';
import {
  callsTo,
  posted,
  postedPairs,
  renderWithLibrary,
  stubLibrary,
  unprocessable,
  type Answers,
} from '../selectors/libraryTestUtils';
import { AudioDialog } from './AudioDialog';

const LIST = '/api/manageaudios/getAudioList';
const ADD = '/api/manageaudios/addAudio/';
const UPDATE = '/api/manageaudios/updateAudio/';

const AUDIO_LIST = [
  { AudiID: 51, AudiDescription: 'Welcome message', AudiFilename: 'c100_51.wav', AudiSentence: '', createdAt: '01/03/2025' },
  { AudiID: 52, AudiDescription: 'Closed message', AudiFilename: '', AudiSentence: 'We are closed', createdAt: '02/03/2025' },
];

/** A tiny valid WAV file: RIFF/WAVE header, 8 kHz mono 8-bit, a few samples. */
function wavBytes(samples = 8): Uint8Array<ArrayBuffer> {
  const buffer = new ArrayBuffer(44 + samples);
  const view = new DataView(buffer);
  const text = (offset: number, value: string) => [...value].forEach((c, i) => view.setUint8(offset + i, c.charCodeAt(0)));
  text(0, 'RIFF');
  view.setUint32(4, 36 + samples, true);
  text(8, 'WAVE');
  text(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, 1, true);
  view.setUint32(24, 8000, true);
  view.setUint32(28, 8000, true);
  view.setUint16(32, 1, true);
  view.setUint16(34, 8, true);
  text(36, 'data');
  view.setUint32(40, samples, true);
  for (let i = 0; i < samples; i++) view.setUint8(44 + i, 128 + (i % 2 ? 20 : -20));
  return new Uint8Array(buffer);
}

function setup(id: number, answers: Answers = {}) {
  const onSaved = vi.fn();
  const fetch = stubLibrary({ [LIST]: () => jsonResponse({ audioList: AUDIO_LIST }), ...answers });
  const user = renderWithLibrary(<AudioDialog open id={id} onClose={() => {}} onSaved={onSaved} />);
  return { fetch, user, onSaved };
}

/** jsdom has no object URLs. */
function stubObjectUrls() {
  const urls = URL as unknown as Record<string, unknown>;
  const created: Blob[] = [];
  urls.createObjectURL = (blob: Blob) => {
    created.push(blob);
    return `blob:audio-${created.length}`;
  };
  urls.revokeObjectURL = () => {};
  onTestFinished(() => {
    delete urls.createObjectURL;
    delete urls.revokeObjectURL;
  });
  return created;
}

const choose = (file: File) => fireEvent.change(screen.getByLabelText(/Audio file|Replace the file/), { target: { files: [file] } });

describe('Audio dialog', () => {
  test('uploads a WAV file: checks the description first, then posts the file', async () => {
    const { fetch, user, onSaved } = setup(0, {
      '/api/manageaudios/checkAudioDescription/0': () => jsonResponse({ success: true }),
      [ADD]: () => jsonResponse({ success: true, id: 53 }),
    });
    const input = await screen.findByLabelText('Audio file');
    expect(screen.getByRole('dialog', { name: 'Add audio' })).toBeInTheDocument();
    expect(input).toHaveAttribute('accept', '.wav,.wma,.mp3,.m4a,.aac');

    await user.type(screen.getByLabelText('Description'), 'Lunch break');
    await user.upload(input, new File([wavBytes()], 'lunch.wav', { type: 'audio/wav' }));
    expect(screen.getByLabelText('Text to speech')).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(53));
    expect(posted(callsTo(fetch, '/api/manageaudios/checkAudioDescription/0')[0][1])).toEqual({
      form_description: 'Lunch break',
    });
    expect(postedPairs(callsTo(fetch, ADD)[0][1])).toEqual([
      ['form_file', 'file:lunch.wav'],
      ['form_description', 'Lunch break'],
      ['form_audio_sentence', ''],
    ]);
    expect(callsTo(fetch, '/api/manageconnections/getCustomerAudios')).toHaveLength(2);
  });

  test('a file that is not the audio its name says is refused before any post', async () => {
    const { fetch, user } = setup(0);
    await screen.findByLabelText('Audio file');
    await user.type(screen.getByLabelText('Description'), 'Not audio');
    choose(new File(['this is plain text, not a wave'], 'fake.wav', { type: 'audio/wav' }));
    expect(await screen.findByText('The file is not a valid WAV audio file.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  test('a file of another type gives the extension message', async () => {
    setup(0);
    await screen.findByLabelText('Audio file');
    choose(new File(['x'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByText('Valid file extensions are wav, wma, mp3, m4a and aac.')).toBeInTheDocument();
  });

  test('text to speech instead of a file; a taken description stops the save', async () => {
    const { fetch, user } = setup(0, {
      '/api/manageaudios/checkAudioDescription/0': () =>
        unprocessable('VALIDATION_FAILED', { form_description: 'Description must be unique.' }),
    });
    await screen.findByLabelText('Audio file');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Description is required.')).toBeInTheDocument();
    expect(screen.getByText('File or text to speech is required.')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Text to speech'), 'Please hold');
    expect(screen.getByLabelText('Audio file')).toBeDisabled();
    await user.type(screen.getByLabelText('Description'), 'Closed message');
    expect(screen.getByText('Description must be unique.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Description'));
    await user.type(screen.getByLabelText('Description'), 'Hold message');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Description must be unique.')).toBeInTheDocument();
    expect(callsTo(fetch, ADD)).toHaveLength(0);
  });

  test('edit plays and downloads the stored file, and updates without a new file', async () => {
    const created = stubObjectUrls();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { fetch, user, onSaved } = setup(51, {
      '/api/manageconnections/getAudio/c100_51.wav': () => new Response(wavBytes(), { headers: { 'Content-Type': 'audio/wav' } }),
      '/api/manageconnections/downloadAudio/c100_51.wav/Welcome%20message.wav': () =>
        new Response(wavBytes(), { headers: { 'Content-Type': 'audio/wav' } }),
      '/api/manageaudios/checkAudioDescription/51': () => jsonResponse({ success: true }),
      [UPDATE]: () => jsonResponse({ success: true, id: 51 }),
    });
    const player = await screen.findByLabelText('Play Welcome message');
    expect(screen.getByRole('dialog', { name: 'Edit audio' })).toBeInTheDocument();
    expect(player).toHaveAttribute('src', 'blob:audio-1');
    const [, init] = callsTo(fetch, '/api/manageconnections/getAudio/c100_51.wav')[0];
    expect(new Headers(init?.headers).get('X-Admin-Area')).toBe('1');

    await user.click(screen.getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('Welcome message.wav');
    expect(created).toHaveLength(2);

    expect(screen.getByLabelText('Description')).toHaveValue('Welcome message');
    await user.type(screen.getByLabelText('Description'), ' (new)');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(51));
    expect(postedPairs(callsTo(fetch, UPDATE)[0][1])).toEqual([
      ['form_description', 'Welcome message (new)'],
      ['form_audio_sentence', ''],
      ['form_record_id', '51'],
    ]);
  });

  test('a failed upload shows the audio failure message', async () => {
    const { user } = setup(0, {
      '/api/manageaudios/checkAudioDescription/0': () => jsonResponse({ success: true }),
      [ADD]: () => jsonResponse({ success: false }, 500),
    });
    await screen.findByLabelText('Audio file');
    await user.type(screen.getByLabelText('Description'), 'Lunch break');
    await user.type(screen.getByLabelText('Text to speech'), 'Back soon');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong please try again.');
  });
});

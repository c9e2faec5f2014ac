import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, test } from 'vitest';
import { jsonResponse, stubApi } from '../../../test/fixtures';
import type { CallInsight, SpeechInsights, VocabulariesPage as Vocabularies, VoiceTagsPage as VoiceTags } from '../api';
import { InsightsPage } from './InsightsPage';
import { VocabulariesPage } from './VocabulariesPage';
import { LOAD_FAILED, VoiceTagsPage } from './VoiceTagsPage';

const SIDES = [
  { value: 'either', label: 'Either side' },
  { value: 'caller', label: 'The caller' },
  { value: 'agent', label: 'The agent' },
];

function voiceTags(canEdit = true): VoiceTags {
  return {
    canEdit,
    maxVoiceTags: 50,
    sides: SIDES,
    voiceTags: [
      {
        id: 7,
        description: 'Appointment',
        phrases: ['appointment', 'book an appointment'],
        side: 'caller',
        sideLabel: 'The caller',
        calls30Days: 2,
        calls: 3,
      },
    ],
  };
}

const vocabularies: Vocabularies = {
  canEdit: true,
  maxVocabularies: 20,
  vocabularies: [{ id: 3, description: 'Atlas products', words: ['Atlas Home Cover', 'excess'] }],
};

const insights: SpeechInsights = {
  firstDay: '2026-10-28',
  lastDay: '2026-11-26',
  voiceTags: [{ id: 7, description: 'Appointment', calls: 2, hits: 3 }],
  calls: [{ id: 41, time: '25/11/2026 09:12 GMT', caller: '07700 900123', voiceTags: ['Appointment'] }],
  transcribed: [
    { id: 42, time: '25/11/2026 11:40 GMT', caller: '0161 496 0000', voiceTags: [] },
    { id: 41, time: '25/11/2026 09:12 GMT', caller: '07700 900123', voiceTags: ['Appointment'] },
  ],
  canAddVoiceTags: true,
};

const call: CallInsight = {
  id: 41,
  time: '25/11/2026 09:12 GMT',
  caller: '07700 900123',
  recordingUrl: '',
  transcribed: true,
  voiceTags: ['Appointment'],
  lines: [
    { speaker: 'agent', speakerLabel: 'Agent', parts: [{ text: 'how can i help', voiceTags: [] }] },
    {
      speaker: 'caller',
      speakerLabel: 'Caller',
      parts: [
        { text: 'i would like to', voiceTags: [] },
        { text: 'book an', voiceTags: ['Appointment'] },
        { text: 'appointment', voiceTags: ['Appointment', 'Booked'] },
      ],
    },
  ],
};

function renderAt(path: string, routes: Parameters<typeof stubApi>[0]) {
  const fetch = stubApi(routes);
  render(
    <MemoryRouter initialEntries={[path]}>
      <main>
        <Routes>
          <Route path="/voicetags/:id?" element={<VoiceTagsPage title="Voice tags" />} />
          <Route path="/vocabularies/:id?" element={<VocabulariesPage title="Vocabularies" />} />
          <Route path="/call-insights" element={<InsightsPage title="Speech Insights" />} />
        </Routes>
      </main>
    </MemoryRouter>,
  );
  return { user: userEvent.setup(), fetch };
}

const posted = (fetch: ReturnType<typeof stubApi>, part: string) =>
  fetch.mock.calls.find(([url]) => String(url).includes(part))?.[1]?.body as FormData | undefined;

async function noViolations() {
  const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' ')}`)).toEqual([]);
}

describe('the voice tags page', () => {
  test('lists the voice tags; one is added with the domain checking the form as typed', async () => {
    const { user, fetch } = renderAt('/voicetags', {
      '/api/speech/getVoiceTags': () => jsonResponse(voiceTags()),
      '/api/speech/addVoiceTag': () => jsonResponse({ success: true, id: 8, transcripts: 6, taggedCalls: 2 }),
    });
    const table = await screen.findByRole('table', { name: 'Voice tags' });
    expect(within(table).getByText('appointment, book an appointment')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add voice tag' }));
    const dialog = screen.getByRole('dialog', { name: 'Add voice tag' });
    await noViolations();
    await user.type(within(dialog).getByLabelText('Name'), 'appointment');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Description must be unique.')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter at least one phrase, one a line.')).toBeInTheDocument();
    expect(posted(fetch, 'addVoiceTag')).toBeUndefined();
    await user.clear(within(dialog).getByLabelText('Name'));
    await user.type(within(dialog).getByLabelText('Name'), 'Prices');
    await user.type(within(dialog).getByLabelText('Phrases'), 'price list');
    await user.selectOptions(within(dialog).getByLabelText('Said by'), 'agent');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/The voice tag 'Prices' was saved\. 6 transcripts searched: 2 calls have/)).toBeInTheDocument();
    const body = posted(fetch, 'addVoiceTag')!;
    expect([body.get('form_description'), body.get('form_phrases'), body.get('form_side')]).toEqual([
      'Prices',
      'price list',
      'agent',
    ]);
  });

  test('/voicetags/{id} opens its edit dialog; a server refusal shows at the field', async () => {
    const { user } = renderAt('/voicetags/7', {
      '/api/speech/getVoiceTags': () => jsonResponse(voiceTags()),
      '/api/speech/editVoiceTag/7': () =>
        jsonResponse({ success: false, errors: { form_phrases: 'A phrase needs letters or digits.' } }, 422),
    });
    const dialog = await screen.findByRole('dialog', { name: 'Edit voice tag' });
    expect(within(dialog).getByLabelText('Phrases')).toHaveValue('appointment\nbook an appointment');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('A phrase needs letters or digits.')).toBeInTheDocument();
  });

  test('without the edit right the page only lists; a failed load says so', async () => {
    renderAt('/voicetags', { '/api/speech/getVoiceTags': () => jsonResponse(voiceTags(false)) });
    await screen.findByRole('table', { name: 'Voice tags' });
    expect(screen.queryByRole('button', { name: /Delete|Edit|Add/ })).not.toBeInTheDocument();
    await noViolations();
  });

  test('a failed load says so', async () => {
    renderAt('/voicetags', { '/api/speech/getVoiceTags': () => jsonResponse({ success: false }, 500) });
    expect(await screen.findByText(LOAD_FAILED)).toBeInTheDocument();
  });
});

describe('the vocabularies page', () => {
  test('lists, adds (checked as typed) and deletes after confirming', async () => {
    const { user, fetch } = renderAt('/vocabularies', {
      '/api/speech/getVocabularies': () => jsonResponse(vocabularies),
      '/api/speech/addVocabulary': () => jsonResponse({ success: true, id: 4 }),
      '/api/speech/deleteVocabulary/3': () => jsonResponse({ success: true }),
    });
    const table = await screen.findByRole('table', { name: 'Vocabularies' });
    expect(within(table).getByText('Atlas Home Cover, excess')).toBeInTheDocument();
    await noViolations();
    await user.click(screen.getByRole('button', { name: 'Add vocabulary' }));
    const dialog = screen.getByRole('dialog', { name: 'Add vocabulary' });
    await noViolations();
    await user.type(within(dialog).getByLabelText('Name'), 'Places');
    await user.type(within(dialog).getByLabelText('Words and phrases'), 'price £5');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Use letters, digits, apostrophes and hyphens only.')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Words and phrases'));
    await user.type(within(dialog).getByLabelText('Words and phrases'), 'Llandudno');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText("The vocabulary 'Places' was saved.")).toBeInTheDocument();
    expect(posted(fetch, 'addVocabulary')?.get('form_words')).toBe('Llandudno');
    await user.click(screen.getByRole('button', { name: 'Delete Atlas products' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Are you sure?' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText("The vocabulary 'Atlas products' was deleted.")).toBeInTheDocument();
  });
});

describe('speech insights', () => {
  test("the period's voice tags and calls, and a call's transcript with its phrases marked", async () => {
    const { user, fetch } = renderAt('/call-insights', {
      '/api/speech/getInsights': () => jsonResponse(insights),
      '/api/speech/getCallInsight/41': () => jsonResponse(call),
    });
    const tags = await screen.findByRole('table', { name: 'Voice tags found, 28/10/2026 to 26/11/2026' });
    expect(within(tags).getByText('Appointment')).toBeInTheDocument();
    expect(screen.getByText(/^28\/10\/2026 to 26\/11\/2026\. Voice tags are found/)).toBeInTheDocument();
    await noViolations();
    const tagged = screen.getByRole('table', { name: 'Calls with voice tags' });
    await user.click(within(tagged).getByRole('button', { name: 'Transcript of the call at 25/11/2026 09:12 GMT' }));
    const dialog = await screen.findByRole('dialog', { name: 'Call transcript' });
    const mark = await within(dialog).findByText('book an');
    expect(mark.closest('mark')).toHaveAttribute('title', 'Appointment');
    expect(within(dialog).getByText('appointment').closest('mark')).toHaveAttribute('title', 'Appointment, Booked');
    expect(within(dialog).getByText('Caller:')).toBeInTheDocument();
    await noViolations();
    await user.selectOptions(screen.getByLabelText('Period'), 'last7Days');
    expect(fetch.mock.calls.some(([url]) => String(url).includes('preset=last7Days'))).toBe(true);
  });

  test('before any voice tag (a trial) the transcribed calls are listed and the first voice tag is a click away', async () => {
    renderAt('/call-insights', {
      '/api/speech/getInsights': () => jsonResponse({ ...insights, voiceTags: [], calls: [] }),
    });
    const transcribed = await screen.findByRole('table', { name: 'Transcribed calls' });
    expect(within(transcribed).getByText('0161 496 0000')).toBeInTheDocument();
    expect(within(transcribed).getAllByText('None')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Add your first voice tag' })).toHaveAttribute('href', '/voicetags');
    await noViolations();
  });
});

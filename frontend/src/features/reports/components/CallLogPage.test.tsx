import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { beforeEach, describe, expect, onTestFinished, test, vi } from 'vitest';
import { PhoneProvider } from '../../../components/phone/PhoneProvider';
import { AGENT, CREDENTIALS, phoneLoaded } from '../../../components/phone/phoneTestUtils';
import type { AccountState } from '../../../domain';
import { AccountProvider } from '../../../lib/account';
import { account, jsonResponse, stubApi } from '../../../test/fixtures';
import type { CallDetail, CallFilters, CallLogRow } from '../api';
import { CallLogPage, NO_CALLS } from './CallLogPage';
import { CALLBACK_SOURCE_NOTE } from './CallTable';

vi.mock('jssip', async () => {
  const fake = await import('../../../components/phone/phoneTestUtils');
  return { UA: fake.FakeUA, WebSocketInterface: fake.FakeWebSocketInterface };
});

function row(id: number, overrides: Partial<CallLogRow> = {}): CallLogRow {
  return {
    id,
    startedAt: 1_795_428_000 - id * 60,
    time: `23/11/2026 09:${String(id).padStart(2, '0')} GMT`,
    caller: '07700 900123',
    trackedNumber: '0117 496 0100',
    numberName: 'Website pool',
    campaign: 'Implants',
    source: 'google',
    medium: 'cpc',
    landingPage: 'https://www.harbourlane.example/offers',
    durationSeconds: 245,
    duration: '3:57',
    ringSeconds: 8,
    ringTime: '0:08',
    talkSeconds: 237,
    outcome: 'answered',
    outcomeLabel: 'Answered',
    destination: 'Front desk',
    tags: ['Qualified lead'],
    firstTime: id % 10 === 1,
    callbackOf: null,
    hasRecording: true,
    score: null,
    scoreLabel: '',
    leadScore: 'Good lead',
    callerDial: 'tel:+447700900123',
    recordingUrl: `/api/reports/getRecording/${id}`,
    recordingLength: '3:57',
    transcriptLine: '',
    testCall: '',
    callOut: '',
    followUp: null,
    followUpLabel: '',
    note: '',
    noteBy: '',
    ...overrides,
  };
}

const FILTERS: CallFilters = {
  sources: [
    { id: 1, label: 'google / cpc' },
    { id: 7, label: '(direct) / (none)' },
  ],
  campaigns: [{ id: 3, label: 'Implants' }],
  numbers: [{ id: 5, label: 'Website pool' }],
  tags: [{ id: 4, label: 'Qualified lead' }],
  outcomes: [
    { key: 'answered', label: 'Answered' },
    { key: 'missed', label: 'Missed' },
  ],
  followUpMarks: [
    { key: 'handled', label: 'Handled' },
    { key: 'calledBack', label: 'We called back' },
  ],
  followUps: [
    { key: 'open', label: 'Not followed up' },
    { key: 'calledBack', label: 'We called back' },
  ],
  scores: [
    { key: 'scored', label: 'Scored' },
    { key: 'goodLead', label: 'Good lead' },
  ],
  categories: [{ key: 'New patient', label: 'New patient' }],
  dimensions: [
    { id: 3, label: 'Policy type', kind: 'choice', choices: ['Car', 'Home'] },
    { id: 5, label: 'Agent notes', kind: 'text', choices: [] },
  ],
  hearsRecordings: true,
};

const SCORECARD = {
  id: 9,
  name: 'New patient call',
  questions: [
    { text: 'Offered an appointment?', kind: 'yesNo', weight: 2 },
    { text: 'How friendly?', kind: 'scale', weight: 1 },
  ],
};

function detail(id: number): CallDetail {
  return {
    call: row(id),
    journey: [
      { title: 'Visited the website', detail: 'https://www.harbourlane.example/offers from google / cpc' },
      { title: 'Called', detail: '23/11/2026 09:01 GMT on 0117 496 0100 (Website pool)' },
      { title: 'Outcome', detail: 'Answered: Front desk talked for 3:57.' },
    ],
    referrer: 'https://www.google.com/',
    keyword: 'near me',
    clickId: 'gclid=Cj0KCQabc',
    category: 'Bookings',
    reportGroup: 'Switchboard',
    queue: '',
    keysPressed: '1',
    firstCall: null,
    creditedTo: 'google / cpc',
    callbacks: [],
    callerCalls: [{ id: 3, time: '20/11/2026 12:00 GMT', outcomeLabel: 'Missed' }],
    recordingUrl: `/api/reports/getRecording/${id}`,
    tags: {
      on: [{ id: 4, description: 'Qualified lead', colour: '#2e7d32', byRule: true }],
      available: [{ id: 5, description: 'Complaint', colour: '#b71c1c', byRule: false }],
      canTag: true,
    },
    scoring: { scores: [], leadScore: 'Good lead', canScore: true, scorecards: [SCORECARD] },
  };
}

function Where() {
  const location = useLocation();
  return <output aria-label="address">{location.pathname + location.search}</output>;
}

/** The log at `address`; with `acc`, inside the account and the phone as the app mounts them. */
function renderLog(address = '/reports', total = 60, acc?: AccountState) {
  const asked: string[] = [];
  const fetch = stubApi({
    '/api/reports/getCalls': (_init, url) => {
      asked.push(url.search);
      if (url.searchParams.get('outcome') === 'busy')
        return jsonResponse({ calls: [], total: 0, page: 1, pageSize: 25, firstDay: '2026-10-25', lastDay: '2026-11-23' });
      if (url.searchParams.get('callsOut') === '1')
        return jsonResponse({
          calls: [row(13, { callOut: 'Call out, Sam Jones, Spring recall' }), row(12)],
          total: 2,
          page: 1,
          pageSize: 25,
          firstDay: '2026-10-25',
          lastDay: '2026-11-23',
        });
      if (url.searchParams.get('testCalls') === '1')
        return jsonResponse({
          calls: [row(11, { testCall: 'Test call, as if it were Thursday 24/12/2026 18:05' }), row(12)],
          total: 2,
          page: 1,
          pageSize: 25,
          firstDay: '2026-10-25',
          lastDay: '2026-11-23',
        });
      if (url.searchParams.get('transcript'))
        return jsonResponse({
          calls: [row(11, { transcriptLine: '… I would like to book an appointment please' })],
          total: 1,
          page: 1,
          pageSize: 25,
          firstDay: '2026-10-25',
          lastDay: '2026-11-23',
        });
      if (url.searchParams.get('minDuration') === '99999')
        return jsonResponse(
          { success: false, code: 'VALIDATION_FAILED', errors: { minDuration: 'Minimum talk time must be a whole number of seconds from 0 to 86400.' } },
          422,
        );
      const page = Number(url.searchParams.get('page') ?? 1);
      return jsonResponse({
        calls: [row(page * 10 + 1), row(page * 10 + 2, { outcome: 'missed', outcomeLabel: 'Missed', destination: '', callbackOf: 4 })],
        total,
        page,
        pageSize: 25,
        firstDay: '2026-10-25',
        lastDay: '2026-11-23',
      });
    },
    '/api/reports/getCallFilters': () => jsonResponse(FILTERS),
    '/api/reports/followUpCall/12': () =>
      jsonResponse({
        success: true,
        message: 'Marked that we called 07700 900123 back.',
        call: row(12, {
          outcome: 'missed',
          outcomeLabel: 'Missed',
          followUp: 'calledBack',
          followUpLabel: 'We called back · Rita Reception, 23/11/2026 10:00 GMT',
        }),
      }),
    '/api/reports/noteCall/12': () =>
      jsonResponse({
        success: true,
        message: 'Saved the note.',
        call: row(12, {
          outcome: 'missed',
          outcomeLabel: 'Missed',
          followUp: 'calledBack',
          followUpLabel: 'We called back · Rita Reception, 23/11/2026 10:00 GMT',
          note: 'Booked for Thursday',
          noteBy: 'Rita Reception, 23/11/2026 10:00 GMT',
        }),
      }),
    '/api/reports/getCall/11': () => jsonResponse(detail(11)),
    '/api/reports/tagCall/11': () =>
      jsonResponse({
        on: [
          { id: 5, description: 'Complaint', colour: '#b71c1c', byRule: false },
          { id: 4, description: 'Qualified lead', colour: '#2e7d32', byRule: true },
        ],
        available: [],
        canTag: true,
      }),
    '/api/reports/untagCall/11': () => jsonResponse({ on: [], available: [], canTag: true }),
    '/api/reports/scoreCall/11': () =>
      jsonResponse({
        scores: [
          {
            scorecardId: 9,
            scorecard: 'New patient call',
            score: 83,
            label: '83%',
            answers: ['yes', '3'],
            scoredBy: 'Olivia Owner',
            scoredAt: '23/11/2026 10:00 GMT',
          },
        ],
        leadScore: 'Good lead',
        canScore: true,
        scorecards: [SCORECARD],
      }),
    '/api/reports/getTranscript/11': () =>
      jsonResponse({
        state: 'ready',
        text: 'good morning how can i help\ni would like to book an appointment please',
        words: [{ word: 'good', startMs: 80, endMs: 400 }],
        recogniser: 'pocketsphinx 0.8+5prealpha en-us (Debian, offline)',
        transcribedAt: '23/11/2026 10:00 GMT',
      }),
    '/api/reports/getRecording/11': () =>
      new Response(new Uint8Array([0xff, 0xfb, 0x90]), { headers: { 'Content-Type': 'audio/mpeg' } }),
    '/api/reports/exportCallsCsv': () =>
      new Response('"Date and time"\r\n', { status: 200, headers: { 'Content-Disposition': 'attachment; filename="calls.csv"' } }),
    '/api/phone/open': () => jsonResponse(CREDENTIALS),
  });
  const page = <CallLogPage title="Call log" />;
  render(
    <MemoryRouter initialEntries={[address]}>
      {acc ? (
        <AccountProvider account={acc} setAccount={() => {}} reload={async () => {}}>
          <PhoneProvider>{page}</PhoneProvider>
        </AccountProvider>
      ) : (
        page
      )}
      <Where />
    </MemoryRouter>,
  );
  return { user: userEvent.setup(), fetch, asked };
}

const address = () => document.querySelector('output[aria-label="address"]')?.textContent;

/** jsdom has no object URLs. */
beforeEach(() => {
  const urls = URL as unknown as Record<string, unknown>;
  urls.createObjectURL = () => 'blob:recording';
  urls.revokeObjectURL = () => {};
  onTestFinished(() => {
    delete urls.createObjectURL;
    delete urls.revokeObjectURL;
  });
});

describe('the call log', () => {
  test('shows the period, the calls and the paging the server sent', async () => {
    renderLog();
    expect(await screen.findByText('60 calls from 25/10/2026 to 23/11/2026')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Calls' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getAllByText('google / cpc')).toHaveLength(2);
    // The landing page is in the source's title: one line a call.
    expect(within(table).getAllByTitle('/offers')).toHaveLength(2);
    expect(within(table).getByText('First-time')).toBeInTheDocument();
    // A call-back says whose source it counts under.
    expect(within(table).getAllByText(CALLBACK_SOURCE_NOTE)).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Call log' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Go to page 3' })).toBeInTheDocument();
  });

  test('a filter goes into the address, back to page 1, and is what the server is asked', async () => {
    const { user, asked } = renderLog('/reports?page=2');
    await screen.findByText('60 calls from 25/10/2026 to 23/11/2026');
    await user.selectOptions(screen.getByLabelText('Source / medium'), '1');
    await waitFor(() => expect(address()).toBe('/reports?source=1'));
    await waitFor(() => expect(asked.at(-1)).toBe('?source=1'));
    await user.selectOptions(screen.getByLabelText('Date range'), 'last7Days');
    await waitFor(() => expect(address()).toBe('/reports?source=1&preset=last7Days'));
    await user.click(screen.getByRole('button', { name: 'More filters (2 in use)' }));
    await user.click(screen.getByRole('checkbox', { name: 'First-time callers only' }));
    await waitFor(() => expect(address()).toContain('firstTime=1'));
    const chips = screen.getByRole('list', { name: 'Filters in use' });
    expect(within(chips).getAllByRole('listitem').map((chip) => chip.textContent)).toEqual([
      'Date: Last 7 days×',
      'Source / medium: google / cpc×',
      'First-time callers only×',
      'Clear all',
    ]);
    await user.click(within(chips).getByRole('button', { name: 'Clear all' }));
    await waitFor(() => expect(address()).toBe('/reports'));
  });

  test("a custom dimension's value is filtered by its kind: a choice from its list, a text as typed", async () => {
    const { user, asked } = renderLog();
    await screen.findByText('60 calls from 25/10/2026 to 23/11/2026');
    await user.selectOptions(screen.getByLabelText('Custom dimension'), '3');
    await user.selectOptions(screen.getByLabelText('Policy type is'), 'Home');
    await waitFor(() => expect(asked.at(-1)).toBe('?dimension=3&dimensionValue=Home'));
    // Another dimension drops the value typed for the last.
    await user.selectOptions(screen.getByLabelText('Custom dimension'), '5');
    await waitFor(() => expect(address()).toBe('/reports?dimension=5'));
    await user.type(screen.getByLabelText('Agent notes contains'), 'callback');
    await waitFor(() => expect(address()).toBe('/reports?dimension=5&dimensionValue=callback'));
  });

  test('a link with filters reproduces the view', async () => {
    const { asked } = renderLog('/reports?preset=last7Days&source=1&outcome=missed&sort=duration&direction=asc');
    await screen.findByText('60 calls from 25/10/2026 to 23/11/2026');
    expect(asked[0]).toBe('?preset=last7Days&source=1&outcome=missed&sort=duration&direction=asc');
    expect(screen.getByLabelText('Source / medium')).toHaveValue('1');
    const chips = screen.getByRole('list', { name: 'Filters in use' });
    expect(within(chips).getByText('Outcome: Missed')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /Talk time/ })).toHaveAttribute('aria-sort', 'ascending');
  });

  test('several outcomes are one view, and a chip takes its filter off', async () => {
    const { user, asked } = renderLog();
    await screen.findByText('60 calls from 25/10/2026 to 23/11/2026');
    await user.click(screen.getByRole('button', { name: 'More filters' }));
    const outcome = screen.getByRole('group', { name: 'Outcome' });
    await user.click(within(outcome).getByRole('checkbox', { name: 'Missed' }));
    await user.click(within(outcome).getByRole('checkbox', { name: 'Answered' }));
    await waitFor(() => expect(asked.at(-1)).toBe('?outcome=answered%2Cmissed'));
    await user.selectOptions(screen.getByLabelText('Follow-up'), 'open');
    await waitFor(() => expect(asked.at(-1)).toBe('?outcome=answered%2Cmissed&followUp=open'));
    await user.click(screen.getByRole('button', { name: 'Remove filter Outcome: Answered, Missed' }));
    await waitFor(() => expect(address()).toBe('/reports?followUp=open'));
    // The number picker is searched, not scrolled.
    await user.type(screen.getByRole('combobox', { name: 'Number or pool' }), 'pool');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(address()).toBe('/reports?followUp=open&number=5'));
  });

  test('a missed call is followed up from its row, and the row says who and when', async () => {
    const { user, fetch } = renderLog();
    await screen.findByText('60 calls from 25/10/2026 to 23/11/2026');
    const table = screen.getByRole('table', { name: 'Calls' });
    expect(within(table).getAllByRole('link', { name: 'Call 07700 900123 back' })[0]).toHaveAttribute(
      'href',
      'tel:+447700900123',
    );
    await user.click(within(table).getByRole('button', { name: 'Follow up the call from 07700 900123 at 23/11/2026 09:12 GMT' }));
    const dialog = await screen.findByRole('dialog', { name: 'Follow up the call from 07700 900123' });
    await user.click(within(dialog).getByRole('radio', { name: 'We called back' }));
    await user.type(within(dialog).getByLabelText('Note'), 'Booked for Thursday');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const posted = (part: string) => fetch.mock.calls.find(([url]) => String(url).includes(part))?.[1]?.body as FormData;
    expect(posted('followUpCall/12').get('followUp')).toBe('calledBack');
    expect(posted('noteCall/12').get('note')).toBe('Booked for Thursday');
    expect(within(table).getByTitle('We called back · Rita Reception, 23/11/2026 10:00 GMT')).toHaveTextContent('We called back');
    expect(within(table).getByText('Note: Booked for Thursday')).toBeInTheDocument();
  });

  test('the words said are searched, and a found call shows the line that matched', async () => {
    const { user, asked } = renderLog('/reports?transcript=book');
    const field = await screen.findByLabelText('Words said in the call');
    expect(field).toHaveValue('book');
    const table = await screen.findByRole('table', { name: 'Calls' });
    expect(await within(table).findByText('… I would like to book an appointment please')).toBeInTheDocument();
    expect(asked.some((q) => new URLSearchParams(q).get('transcript') === 'book')).toBe(true);
    expect(screen.getByRole('button', { name: 'Remove filter Words said: book' })).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, '"an appointment"');
    await waitFor(() => expect(address()).toContain('transcript=%22an+appointment%22'));
  });

  test('test calls show only when asked, each marked with the moment it was routed as', async () => {
    const { user, asked } = renderLog();
    const table = await screen.findByRole('table', { name: 'Calls' });
    expect(within(table).queryByText('Test call')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'More filters' }));
    await user.click(screen.getByRole('checkbox', { name: 'Show test calls' }));
    await waitFor(() => expect(address()).toBe('/reports?testCalls=1'));
    const marked = await within(table).findByText('Test call');
    expect(marked).toHaveAttribute('title', 'Test call, as if it were Thursday 24/12/2026 18:05');
    expect(asked.some((q) => new URLSearchParams(q).get('testCalls') === '1')).toBe(true);
    expect(screen.getByRole('button', { name: 'Remove filter Test calls shown' })).toBeInTheDocument();
  });

  test("an account with agents shows their calls out when asked, each marked with the agent and campaign", async () => {
    const { user, asked } = renderLog('/reports', 60, account({ hasOutbound: true }));
    const table = await screen.findByRole('table', { name: 'Calls' });
    await user.click(screen.getByRole('button', { name: 'More filters' }));
    await user.click(screen.getByRole('checkbox', { name: "Show agents' calls out" }));
    await waitFor(() => expect(address()).toBe('/reports?callsOut=1'));
    const marked = await within(table).findByText('Call out');
    expect(marked).toHaveAttribute('title', 'Call out, Sam Jones, Spring recall');
    expect(asked.some((q) => new URLSearchParams(q).get('callsOut') === '1')).toBe(true);
    expect(screen.getByRole('button', { name: "Remove filter Agents' calls out shown" })).toBeInTheDocument();
  });

  test('an account without outbound is not offered calls out', async () => {
    const { user } = renderLog('/reports', 60, account({ hasOutbound: false }));
    await screen.findByRole('table', { name: 'Calls' });
    await user.click(screen.getByRole('button', { name: 'More filters' }));
    expect(screen.queryByRole('checkbox', { name: "Show agents' calls out" })).not.toBeInTheDocument();
  });

  test('sorting and paging are asked of the server', async () => {
    const { user } = renderLog();
    await screen.findByText('60 calls from 25/10/2026 to 23/11/2026');
    await user.click(screen.getByRole('button', { name: /Talk time/ }));
    await waitFor(() => expect(address()).toBe('/reports?sort=duration&direction=desc'));
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(address()).toBe('/reports?sort=duration&direction=desc&page=2'));
    expect(await screen.findByText('23/11/2026 09:21 GMT')).toBeInTheDocument();
  });

  test('no matching calls says so and offers to clear the filters', async () => {
    const { user } = renderLog('/reports?outcome=busy');
    expect(await screen.findByText(NO_CALLS)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(address()).toBe('/reports'));
  });

  test('a filter the server refuses shows its message at the field', async () => {
    renderLog('/reports?minDuration=99999');
    expect(
      await screen.findByText('Minimum talk time must be a whole number of seconds from 0 to 86400.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Minimum talk time (seconds)')).toHaveAttribute('aria-invalid', 'true');
  });

  test('a call opens with its journey and recording, and closing it leaves the address clean', async () => {
    const { user } = renderLog();
    await screen.findByText('60 calls from 25/10/2026 to 23/11/2026');
    await user.click(screen.getByRole('button', { name: 'View call from 07700 900123 at 23/11/2026 09:11 GMT' }));
    const dialog = await screen.findByRole('dialog', { name: 'Call from 07700 900123, 23/11/2026 09:11 GMT' });
    expect(address()).toBe('/reports?call=11');
    const journey = within(dialog).getByRole('region', { name: 'Journey' });
    expect(within(journey).getAllByRole('listitem')).toHaveLength(3);
    // The recording comes first; then the caller's other calls, each opened from there.
    const regions = within(dialog).getAllByRole('region').map((r) => r.getAttribute('aria-label'));
    expect(regions.indexOf('Transcript')).toBeLessThan(regions.indexOf('Journey'));
    const others = within(dialog).getByRole('region', { name: "The caller's other calls" });
    expect(within(others).getByRole('button', { name: '20/11/2026 12:00 GMT' })).toBeInTheDocument();
    expect(within(dialog).getByText('gclid=Cj0KCQabc')).toBeInTheDocument();
    expect(await within(dialog).findByLabelText('Call recording')).toHaveAttribute('src', 'blob:recording');
    await user.selectOptions(within(dialog).getByLabelText('Speed'), '1.5');
    // The speed is applied by an effect after the render: waited for.
    await waitFor(() => expect((within(dialog).getByLabelText('Call recording') as HTMLAudioElement).playbackRate).toBe(1.5));
    const transcript = within(dialog).getByRole('region', { name: 'Transcript' });
    expect(await within(transcript).findByText('i would like to book an appointment please')).toBeInTheDocument();
    expect(within(transcript).getByText(/the audio never leaves the installation/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(address()).toBe('/reports'));
  });

  test('a call is tagged and untagged by hand from its details', async () => {
    const { user, fetch } = renderLog();
    await screen.findByText('60 calls from 25/10/2026 to 23/11/2026');
    await user.click(screen.getByRole('button', { name: 'View call from 07700 900123 at 23/11/2026 09:11 GMT' }));
    const dialog = await screen.findByRole('dialog', { name: 'Call from 07700 900123, 23/11/2026 09:11 GMT' });
    const tags = within(dialog).getByRole('region', { name: 'Tags' });
    expect(within(tags).getByText('Qualified lead')).toBeInTheDocument();
    await user.selectOptions(within(tags).getByLabelText('Add a tag'), '5');
    await user.click(within(tags).getByRole('button', { name: 'Tag call' }));
    expect(await within(tags).findByText('Complaint')).toBeInTheDocument();
    const posted = fetch.mock.calls.find(([url]) => String(url).includes('tagCall/11'));
    expect((posted?.[1]?.body as FormData).get('form_tag_id')).toBe('5');
    // The log behind the dialog asks for its page again, so the row shows the new tag.
    const logAsks = () => fetch.mock.calls.filter(([url]) => String(url).includes('/api/reports/getCalls')).length;
    await waitFor(() => expect(logAsks()).toBe(2));
    await user.click(within(tags).getByRole('button', { name: 'Remove tag Complaint' }));
    expect(await within(tags).findByText('No tags.')).toBeInTheDocument();
  });

  test('a call is scored with a scorecard from its details, the score shown as it is answered', async () => {
    const { user, fetch } = renderLog();
    await screen.findByText('60 calls from 25/10/2026 to 23/11/2026');
    await user.click(screen.getByRole('button', { name: 'View call from 07700 900123 at 23/11/2026 09:11 GMT' }));
    const dialog = await screen.findByRole('dialog', { name: 'Call from 07700 900123, 23/11/2026 09:11 GMT' });
    const section = within(dialog).getByRole('region', { name: 'Score' });
    expect(within(section).getByText('Not scored.')).toBeInTheDocument();
    expect(within(section).getByText('Lead score: Good lead')).toBeInTheDocument();
    await user.selectOptions(within(section).getByLabelText('Scorecard'), '9');
    const form = within(section).getByRole('form', { name: 'Score this call' });
    await user.click(within(form).getByRole('button', { name: 'Save score' }));
    expect(within(form).getAllByText('Answer every question.')).toHaveLength(2);
    expect(fetch.mock.calls.some(([url]) => String(url).includes('scoreCall'))).toBe(false);
    const first = within(form).getByRole('group', { name: '1. Offered an appointment?' });
    await user.click(within(first).getByRole('radio', { name: 'Yes' }));
    const second = within(form).getByRole('group', { name: '2. How friendly?' });
    await user.click(within(second).getByRole('radio', { name: '3' }));
    expect(within(form).getByText('Score: 83%')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Save score' }));
    expect(await within(section).findByText('Scored 83% with New patient call.')).toBeInTheDocument();
    // The call's summary says the new score at once.
    const summary = dialog.querySelector('dl.call-facts') as HTMLElement;
    expect(within(summary).getByText('Score').nextElementSibling).toHaveTextContent('83%');
    expect(within(section).getByText('83%')).toBeInTheDocument();
    const posted = fetch.mock.calls.find(([url]) => String(url).includes('scoreCall/11'));
    const body = posted?.[1]?.body as FormData;
    expect([body.get('form_scorecard_id'), body.get('form_answer[0]'), body.get('form_answer[1]')]).toEqual(['9', 'yes', '3']);
  });
});

describe('calling a caller from the browser', () => {
  test('an agent who may call out rings a caller from their row', async () => {
    const { user } = renderLog('/reports', 60, AGENT);
    const table = await screen.findByRole('table', { name: 'Calls' });
    const call = (await within(table).findAllByRole('button', { name: 'Call 07700 900123 from the browser' }))[0];
    await user.click(call);
    const phone = await screen.findByRole('region', { name: 'Phone' });
    expect(await within(phone).findByLabelText('Number to call')).toHaveValue('07700 900123');
  });

  test('nobody else is offered it', async () => {
    renderLog('/reports', 60, account());
    const table = await screen.findByRole('table', { name: 'Calls' });
    await phoneLoaded();
    expect(within(table).queryByRole('button', { name: 'Call 07700 900123 from the browser' })).not.toBeInTheDocument();
  });
});

import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { callsTo, jsonResponse, posted, stubApi } from '../../test/fixtures';
import { TEST_NOW } from '../../test/setup';
import type { CallProgress } from './api';
import { MICROPHONE_REFUSED, PHONE_CLOSED, PHONE_OFF } from './messages';
import { CREDENTIALS, FakeUA, lastCall, panel, renderPhone } from './phoneTestUtils';

vi.mock('jssip', async () => {
  const fake = await import('./phoneTestUtils');
  return { UA: fake.FakeUA, WebSocketInterface: fake.FakeWebSocketInterface };
});

const STARTED = { dial: 't0a1b2c3d4e5f6a7b8c9d', label: 'Test call, as if it were Thursday 24/12/2026 18:05' };

/** The progress answers in turn, the last one repeated. */
function progressOf(...answers: CallProgress[]) {
  let asked = 0;
  return () => jsonResponse(answers[Math.min(asked++, answers.length - 1)]);
}

function stub(extra: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({
    '/api/phone/open': () => jsonResponse(CREDENTIALS),
    '/api/phone/close': () => jsonResponse({ success: true }),
    '/api/phone/testCall': () => jsonResponse(STARTED),
    '/api/phone/progress': progressOf({ state: 'waiting', steps: [], callId: null }),
    ...extra,
  });
}

async function openTestCall() {
  const user = await renderPhone();
  await user.click(screen.getByRole('button', { name: 'Test call to 0161 496 0007' }));
  const region = await panel();
  await within(region).findByText('0161 496 0007');
  return { user, region };
}

/** Test call → Call, now; the call answered. */
async function answeredCall() {
  const { user, region } = await openTestCall();
  await user.click(within(region).getByRole('button', { name: 'Call' }));
  await waitFor(() => expect(FakeUA.last?.calls).toHaveLength(1));
  const call = lastCall();
  call.fire('progress');
  call.fire('accepted');
  await within(region).findByText(STARTED.label);
  return { user, region, call };
}

describe('the phone panel', () => {
  test('opens the session’s phone and shows the test call dialler', async () => {
    const fetch = stub();
    const { region } = await openTestCall();
    expect(callsTo(fetch, '/api/phone/open')).toHaveLength(1);
    expect(within(region).getByRole('heading', { name: 'Phone' })).toBeInTheDocument();
    expect(within(region).getByRole('radio', { name: 'Now' })).toBeChecked();
    expect(within(region).getByRole('button', { name: 'Call' })).toBeEnabled();
    const ua = FakeUA.last!;
    expect(ua.started).toBe(true);
    expect(ua.config).toMatchObject({
      uri: CREDENTIALS.sipUri,
      authorization_user: CREDENTIALS.username,
      password: CREDENTIALS.password,
      register: false,
    });
    expect((ua.config.sockets as Array<{ url: string }>)[0].url).toBe(CREDENTIALS.websocketUrl);
  });

  test('says so when real calls are off (404), with nothing to dial', async () => {
    stub({ '/api/phone/open': () => jsonResponse({ success: false }, 404) });
    const user = await renderPhone();
    await user.click(screen.getByRole('button', { name: 'Test call to 0161 496 0007' }));
    const region = await panel();
    expect(await within(region).findByRole('alert')).toHaveTextContent(PHONE_OFF);
    expect(within(region).queryByRole('button', { name: 'Call' })).not.toBeInTheDocument();
  });

  test('shows why the engine cannot be reached (422)', async () => {
    const message = 'The phone cannot connect just now: try again in a minute.';
    stub({ '/api/phone/open': () => jsonResponse({ errors: { phone: message } }, 422) });
    const user = await renderPhone();
    await user.click(screen.getByRole('button', { name: 'Test call to 0161 496 0007' }));
    expect(await within(await panel()).findByRole('alert')).toHaveTextContent(message);
  });

  test('as if it were: the domain’s words live, its messages before anything is posted', async () => {
    const fetch = stub();
    const { user, region } = await openTestCall();
    await user.click(within(region).getByRole('radio', { name: 'As if it were…' }));
    await user.click(within(region).getByRole('button', { name: 'Call' }));
    expect(await within(region).findByText('Choose a day.')).toBeInTheDocument();
    expect(within(region).getByText('Enter a time as HH:MM, such as 18:05.')).toBeInTheDocument();
    expect(callsTo(fetch, '/api/phone/testCall')).toHaveLength(0);

    await user.type(within(region).getByLabelText('Date'), '2026-12-24');
    await user.type(within(region).getByLabelText('Time'), '18:05');
    expect(within(region).getByText('The call will be routed as if it were Thursday 24/12/2026 18:05.')).toBeInTheDocument();
    expect(within(region).queryByText('Choose a day.')).not.toBeInTheDocument();
  });

  test('shows the server’s field messages on the fields and the phone’s in an alert', async () => {
    stub({
      '/api/phone/testCall': () =>
        jsonResponse({ errors: { asIfTime: 'That time is refused.', phone: 'Open the phone first: its call carries the test.' } }, 422),
    });
    const { user, region } = await openTestCall();
    await user.click(within(region).getByRole('radio', { name: 'As if it were…' }));
    await user.type(within(region).getByLabelText('Date'), '2026-12-24');
    await user.type(within(region).getByLabelText('Time'), '18:05');
    await user.click(within(region).getByRole('button', { name: 'Call' }));
    expect(await within(region).findByText('That time is refused.')).toBeInTheDocument();
    expect(within(region).getByLabelText('Time')).toHaveAttribute('aria-invalid', 'true');
    expect(within(region).getByRole('alert')).toHaveTextContent('Open the phone first: its call carries the test.');
    expect(FakeUA.last!.calls).toHaveLength(0);
  });

  test('shows a refusal for too many calls (429)', async () => {
    const message = 'You have started 6 calls in the last minute: wait a minute and try again.';
    stub({ '/api/phone/testCall': () => jsonResponse({ success: false, code: 'TOO_MANY_REQUESTS', message }, 429) });
    const { user, region } = await openTestCall();
    await user.click(within(region).getByRole('button', { name: 'Call' }));
    expect(await within(region).findByRole('alert')).toHaveTextContent(message);
  });

  test('Call readies the test call with its moment, then dials sip:<dial>@<the phone’s host>', async () => {
    const fetch = stub();
    const { user, region } = await openTestCall();
    await user.click(within(region).getByRole('radio', { name: 'As if it were…' }));
    await user.type(within(region).getByLabelText('Date'), '2026-12-24');
    await user.type(within(region).getByLabelText('Time'), '18:05');
    await user.click(within(region).getByRole('button', { name: 'Call' }));

    await waitFor(() => expect(FakeUA.last?.calls).toHaveLength(1));
    const [[, init]] = callsTo(fetch, '/api/phone/testCall');
    expect(posted(init as RequestInit)).toEqual({ entryId: '7', asIfDate: '2026-12-24', asIfTime: '18:05', draft: '' });
    const call = lastCall();
    expect(call.target).toBe(`sip:${STARTED.dial}@127.0.0.1`);
    expect(call.options).toMatchObject({ mediaConstraints: { audio: true, video: false }, pcConfig: { iceServers: [] } });

    expect(within(region).getByRole('status')).toHaveTextContent('Connecting…');
    call.fire('progress');
    expect(within(region).getByRole('status')).toHaveTextContent('Ringing');
    call.fire('accepted');
    expect(within(region).getByRole('status')).toHaveTextContent(STARTED.label);
    expect(within(region).getByText('00:00')).toBeInTheDocument();
    act(() => vi.setSystemTime(TEST_NOW.getTime() + 65_000));
    expect(await within(region).findByText('01:05', {}, { timeout: 3000 })).toBeInTheDocument();
  });

  test('the keypad and keys typed in the panel send tones as RFC 2833', async () => {
    stub();
    const { user, region, call } = await answeredCall();
    await user.click(within(region).getByRole('button', { name: '1' }));
    await user.keyboard('#');
    within(region).getByRole('button', { name: 'Mute' }).focus();
    await user.keyboard('0');
    expect(call.tones).toEqual([
      ['1', { transportType: 'RFC2833', duration: 160 }],
      ['#', { transportType: 'RFC2833', duration: 160 }],
      ['0', { transportType: 'RFC2833', duration: 160 }],
    ]);
    expect(within(region).getByText(/^Keys sent:/)).toHaveTextContent('Keys sent: 1#0');
  });

  test('Mute is a toggle', async () => {
    stub();
    const { user, region, call } = await answeredCall();
    const mute = within(region).getByRole('button', { name: 'Mute' });
    expect(mute).toHaveAttribute('aria-pressed', 'false');
    await user.click(mute);
    expect(mute).toHaveAttribute('aria-pressed', 'true');
    expect(call.muted).toEqual([{ audio: true }]);
    await user.click(mute);
    expect(mute).toHaveAttribute('aria-pressed', 'false');
    expect(call.unmuted).toEqual([{ audio: true }]);
  });

  test('shows where the call is now, the last step current, and how it ended', async () => {
    stub({
      '/api/phone/progress': progressOf(
        { state: 'live', steps: ["IVR 'Main menu': waiting for a key"], callId: null },
        { state: 'live', steps: ["IVR 'Main menu': waiting for a key", 'Ringing 07700 900101'], callId: 42 },
        {
          state: 'ended',
          steps: ["IVR 'Main menu': waiting for a key", 'Ringing 07700 900101', 'Call ended: Answered'],
          callId: 42,
        },
      ),
    });
    const { user, region, call } = await answeredCall();
    const steps = within(region).getByRole('list', { name: 'Where the call is now' });
    await waitFor(() => expect(within(steps).getAllByRole('listitem')).toHaveLength(2), { timeout: 3000 });
    const [first, now] = within(steps).getAllByRole('listitem');
    expect(first).not.toHaveAttribute('aria-current');
    expect(now).toHaveTextContent('Ringing 07700 900101');
    expect(now).toHaveAttribute('aria-current', 'step');

    await user.click(within(region).getByRole('button', { name: 'Hang up' }));
    expect(call.terminated).toBe(1);
    expect(within(region).getByRole('status')).toHaveTextContent('Call ended');
    expect(await within(region).findByRole('link', { name: 'See the call in the call log' }, { timeout: 3000 })).toHaveAttribute(
      'href',
      '/reports?testCalls=1&call=42',
    );
    await waitFor(() => expect(within(steps).getAllByRole('listitem').at(-1)).toHaveTextContent('Call ended: Answered'), {
      timeout: 3000,
    });
    expect(within(region).getByRole('button', { name: 'Call again' })).toBeInTheDocument();
    expect(within(region).queryByRole('button', { name: 'Hang up' })).not.toBeInTheDocument();
  });

  test('Call again readies a new test call and dials it', async () => {
    const fetch = stub();
    const { user, region, call } = await answeredCall();
    call.fire('ended', { cause: 'Terminated', originator: 'remote' });
    await user.click(within(region).getByRole('button', { name: 'Call again' }));
    await waitFor(() => expect(FakeUA.last?.calls).toHaveLength(2));
    expect(callsTo(fetch, '/api/phone/testCall')).toHaveLength(2);
  });

  test('a refused microphone is said in the panel', async () => {
    stub();
    const { user, region } = await openTestCall();
    await user.click(within(region).getByRole('button', { name: 'Call' }));
    await waitFor(() => expect(FakeUA.last?.calls).toHaveLength(1));
    lastCall().fire('failed', { cause: 'User Denied Media Access', originator: 'local' });
    expect(within(region).getByRole('alert')).toHaveTextContent(MICROPHONE_REFUSED);
    expect(within(region).getByRole('status')).toHaveTextContent('Call ended');
  });

  test('a failed call says its cause in words', async () => {
    stub();
    const { user, region } = await openTestCall();
    await user.click(within(region).getByRole('button', { name: 'Call' }));
    await waitFor(() => expect(FakeUA.last?.calls).toHaveLength(1));
    lastCall().fire('failed', { cause: 'Busy', originator: 'remote' });
    expect(within(region).getByRole('alert')).toHaveTextContent('The line was busy.');
  });

  test('Close posts phone/close, stops the phone and says so', async () => {
    const fetch = stub();
    const { user, region } = await openTestCall();
    const ua = FakeUA.last!;
    await user.click(within(region).getByRole('button', { name: 'Close the phone' }));
    expect(screen.queryByRole('region', { name: 'Phone' })).not.toBeInTheDocument();
    await waitFor(() => expect(callsTo(fetch, '/api/phone/close')).toHaveLength(1));
    expect(ua.stopped).toBe(true);
    expect(await screen.findByText(PHONE_CLOSED)).toBeInTheDocument();
  });

  test('Close during a call asks first, then hangs up', async () => {
    const fetch = stub();
    const { user, region, call } = await answeredCall();
    await user.click(within(region).getByRole('button', { name: 'Close the phone' }));
    const ask = screen.getByRole('dialog', { name: 'Hang up and close the phone?' });
    await user.click(within(ask).getByRole('button', { name: 'Keep the call' }));
    expect(call.terminated).toBe(0);
    expect(screen.getByRole('region', { name: 'Phone' })).toBeInTheDocument();

    await user.click(within(region).getByRole('button', { name: 'Close the phone' }));
    await user.click(screen.getByRole('button', { name: 'Hang up and close' }));
    expect(call.terminated).toBe(1);
    expect(screen.queryByRole('region', { name: 'Phone' })).not.toBeInTheDocument();
    await waitFor(() => expect(callsTo(fetch, '/api/phone/close')).toHaveLength(1));
  });
});

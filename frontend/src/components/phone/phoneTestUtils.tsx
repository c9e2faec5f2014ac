// Test helpers of the phone: a recorded JsSIP (vi.mock('jssip', ...) hands it out), the API's
// answers, and the phone mounted as the app mounts it, with buttons that open it.
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import type { AccountState } from '../../domain';
import { AccountProvider } from '../../lib/account';
import { account } from '../../test/fixtures';
import { SnackbarProvider } from '../Snackbar';
import type { PhoneCredentials } from './api';
import { CallOutButton, TestCallButton } from './PhoneButtons';
import { PhoneProvider } from './PhoneProvider';
import { usePhone } from './usePhone';

type Handler = (event: Record<string, unknown>) => void;

/** A call as JsSIP's RTCSession: what the panel asked of it, and its events to fire. */
export class FakeSession {
  readonly target: string;
  readonly options: { eventHandlers: Record<string, Handler>; [key: string]: unknown };
  readonly tones: Array<[string, unknown]> = [];
  readonly muted: unknown[] = [];
  readonly unmuted: unknown[] = [];
  terminated = 0;
  private ended = false;

  constructor(target: string, options: FakeSession['options']) {
    this.target = target;
    this.options = options;
  }

  /** Fires one of the call's events (progress, accepted, ended, failed). */
  fire(event: string, data: Record<string, unknown> = {}) {
    if (event === 'ended' || event === 'failed') this.ended = true;
    act(() => this.options.eventHandlers[event]?.(data));
  }

  sendDTMF(tone: string, options: unknown) {
    this.tones.push([tone, options]);
  }

  mute(options: unknown) {
    this.muted.push(options);
  }

  unmute(options: unknown) {
    this.unmuted.push(options);
  }

  isEnded() {
    return this.ended;
  }

  terminate() {
    this.terminated += 1;
    this.fire('ended', { cause: 'Terminated', originator: 'local' });
  }
}

/** JsSIP's UA, connecting at once; the last one made is `FakeUA.last`. */
export class FakeUA {
  static last: FakeUA | null = null;
  readonly config: Record<string, unknown>;
  readonly calls: FakeSession[] = [];
  started = false;
  stopped = false;
  private listeners: Record<string, Handler[]> = {};

  constructor(config: Record<string, unknown>) {
    this.config = config;
    FakeUA.last = this;
  }

  on(event: string, handler: Handler) {
    (this.listeners[event] ??= []).push(handler);
    return this;
  }

  start() {
    this.started = true;
    queueMicrotask(() => this.listeners.connected?.forEach((handler) => handler({})));
  }

  stop() {
    this.stopped = true;
  }

  call(target: string, options: FakeSession['options']) {
    const session = new FakeSession(target, options);
    this.calls.push(session);
    return session;
  }
}

export class FakeWebSocketInterface {
  readonly url: string;
  constructor(url: string) {
    this.url = url;
  }
}

/** The call the phone placed last. */
export function lastCall(): FakeSession {
  const call = FakeUA.last?.calls.at(-1);
  if (!call) throw new Error('no call was placed');
  return call;
}

export const CREDENTIALS: PhoneCredentials = {
  websocketUrl: 'ws://127.0.0.1:18188/ws',
  sipUri: 'sip:web-0a1b2c3d4e5f@127.0.0.1',
  username: 'web-0a1b2c3d4e5f',
  password: 'secret-of-the-session',
  iceServers: [],
  testCalls: true,
  callsOut: true,
  callerIds: ['0161 496 0000', '0161 496 0001'],
  callerId: '0161 496 0000',
};

/** An owner who may test numbers and also call out. */
export const AGENT = account({ hasOutbound: true, canAccessOutbound: true, isOutboundAgent: true });

function Openers() {
  const phone = usePhone();
  return (
    <>
      <TestCallButton entryId={7} number="0161 496 0007" />
      <CallOutButton number="07700 900123" />
      {phone.access.callsOut && (
        <button type="button" onClick={() => phone.callOut()}>
          Dial a number
        </button>
      )}
    </>
  );
}

/** The phone as the app mounts it, with its openers; resolves once the phone's rules have loaded. */
export async function renderPhone(acc: AccountState = AGENT) {
  render(
    <MemoryRouter>
      <AccountProvider account={acc} setAccount={() => {}} reload={async () => {}}>
        <SnackbarProvider>
          <PhoneProvider>
            <main>
              <Openers />
            </main>
          </PhoneProvider>
        </SnackbarProvider>
      </AccountProvider>
    </MemoryRouter>,
  );
  await phoneLoaded();
  return userEvent.setup();
}

/** Waits for the phone's rules (loaded after the page): who is offered it is known then. */
export async function phoneLoaded() {
  await act(async () => {
    await import('./PhoneHost');
  });
}

/** The phone's panel, once open. */
export const panel = () => screen.findByRole('region', { name: 'Phone' });

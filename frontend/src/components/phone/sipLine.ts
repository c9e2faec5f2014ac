// The phone's line to the engine: JsSIP over SIP-websocket with DTLS-SRTP (docs/webrtc.md).
// Only the calls the prototype proved are used; the panel sees plain callbacks.
import { UA, WebSocketInterface } from 'jssip';
import type { DTMFOptions, RTCSession } from 'jssip/lib/RTCSession';
import type { PhoneCredentials } from './api';

export interface LineEvents {
  onConnected: () => void;
  onDisconnected: () => void;
  onRegistrationFailed: (cause: string) => void;
}

export interface CallEvents {
  onRinging: () => void;
  onAnswered: () => void;
  /** The call is over; `cause` is JsSIP's (Terminated, Busy, User Denied Media Access…). */
  onEnded: (cause: string, originator: string) => void;
}

export interface SipCall {
  sendKey: (key: string) => void;
  setMuted: (muted: boolean) => void;
  hangUp: () => void;
}

export interface SipLine {
  /** True once the websocket is up, false if it is not within `ms`. */
  whenConnected: (ms: number) => Promise<boolean>;
  call: (target: string, audio: HTMLAudioElement | null, events: CallEvents) => SipCall;
  stop: () => void;
}

// JsSIP's default is SIP INFO, which the engine does not read: tones go in the media (RFC 4733).
const DTMF: DTMFOptions = { transportType: 'RFC2833' as DTMFOptions['transportType'], duration: 160 };

/** The address the phone dials for a call the server readied: `sip:<dial>@<the phone's host>`. */
export function dialTarget(dial: string, sipUri: string): string {
  const host = sipUri.slice(sipUri.indexOf('@') + 1).split(';')[0];
  return `sip:${dial}@${host}`;
}

export function openLine(credentials: PhoneCredentials, events: LineEvents): SipLine {
  const ua = new UA({
    sockets: [new WebSocketInterface(credentials.websocketUrl)],
    uri: credentials.sipUri,
    authorization_user: credentials.username,
    password: credentials.password,
    register: false,
    session_timers: false,
  });
  let connected = false;
  const waiting = new Set<(up: boolean) => void>();
  ua.on('connected', () => {
    connected = true;
    waiting.forEach((resolve) => resolve(true));
    waiting.clear();
    events.onConnected();
  });
  ua.on('disconnected', () => {
    connected = false;
    events.onDisconnected();
  });
  ua.on('registrationFailed', (event) => events.onRegistrationFailed(event.cause ?? ''));
  ua.start();

  const iceServers = credentials.iceServers.map((urls) => ({ urls }));

  return {
    whenConnected: (ms) =>
      connected
        ? Promise.resolve(true)
        : new Promise((resolve) => {
            const done = (up: boolean) => {
              clearTimeout(timer);
              waiting.delete(done);
              resolve(up);
            };
            const timer = setTimeout(() => done(false), ms);
            waiting.add(done);
          }),
    call(target, audio, handlers) {
      let ended = false;
      const end = (cause: string, originator: string) => {
        if (ended) return;
        ended = true;
        handlers.onEnded(cause, originator);
      };
      const session: RTCSession = ua.call(target, {
        mediaConstraints: { audio: true, video: false },
        pcConfig: { iceServers },
        eventHandlers: {
          peerconnection: ({ peerconnection }) =>
            peerconnection.addEventListener('track', (event) => {
              if (audio) audio.srcObject = event.streams[0] ?? new MediaStream([event.track]);
            }),
          progress: () => handlers.onRinging(),
          accepted: () => handlers.onAnswered(),
          ended: (event) => end(event.cause, event.originator),
          failed: (event) => end(event.cause, event.originator),
        },
      });
      return {
        sendKey: (key) => session.sendDTMF(key, DTMF),
        setMuted: (muted) => (muted ? session.mute({ audio: true }) : session.unmute({ audio: true })),
        hangUp: () => {
          if (!session.isEnded()) session.terminate();
        },
      };
    },
    stop: () => {
      waiting.forEach((resolve) => resolve(false));
      ua.stop();
    },
  };
}

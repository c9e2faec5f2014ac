// phone/*: the browser phone's calls. The types mirror the server's OpenAPI contract
// (crates/server/src/http/phone.rs) until src/lib/api-schema.gen.ts is regenerated with them;
// then each becomes components['schemas'][...] and this comment goes.
import { ADMIN_HEADER, apiGet, apiPost } from '../../lib/api';

/** phone/open: this session's phone, its credentials shown once. */
export interface PhoneCredentials {
  websocketUrl: string;
  /** "sip:web-…@engine": the phone's own address. */
  sipUri: string;
  username: string;
  password: string;
  iceServers: string[];
  testCalls: boolean;
  callsOut: boolean;
  /** The caller ids this agent may present on calls out (empty without calls out). */
  callerIds: string[];
  /** The one chosen unless the agent picks another. */
  callerId: string;
}

/** phone/testCall's fields: asIfDate YYYY-MM-DD and asIfTime HH:MM, both '' for now. */
export interface TestCallRequest {
  entryId: number;
  asIfDate: string;
  asIfTime: string;
}

/** phone/callOut's fields: the number as typed, and the caller id to present. */
export interface CallOutRequest {
  number: string;
  callerId: string;
}

/** What the phone dials (good once, for a minute), and the words for the call. */
export interface CallStarted {
  dial: string;
  /** "Test call, as if it were Thursday 24/12/2026 18:05", "Calling 07700 900123 from 0161 496 0000". */
  label: string;
}

/** phone/progress: where the call is now, in the simulator's words; the last step is now. */
export interface CallProgress {
  state: 'waiting' | 'live' | 'ended';
  steps: string[];
  callId: number | null;
}

export function openPhone(): Promise<PhoneCredentials> {
  return apiPost<PhoneCredentials>('phone/open', {});
}

export function closePhone(): Promise<{ success: boolean }> {
  return apiPost<{ success: boolean }>('phone/close', {});
}

/** phone/close as the page goes away: a request that outlives the page, nothing awaited. */
export function closePhoneOnLeave() {
  void fetch('/api/phone/close', {
    method: 'POST',
    keepalive: true,
    credentials: 'same-origin',
    headers: { [ADMIN_HEADER]: '1' },
  }).catch(() => {});
}

export function startTestCall(fields: TestCallRequest): Promise<CallStarted> {
  return apiPost<CallStarted>('phone/testCall', { ...fields });
}

export function startCallOut(fields: CallOutRequest): Promise<CallStarted> {
  return apiPost<CallStarted>('phone/callOut', { ...fields });
}

export function getProgress(dial: string): Promise<CallProgress> {
  return apiGet<CallProgress>(`phone/progress?${new URLSearchParams({ dial })}`);
}

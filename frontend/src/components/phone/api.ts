// phone/*: the browser phone's calls (crates/server/src/http/phone/).
import { ADMIN_HEADER, apiGet, apiPost } from '../../lib/api';
import type { components } from '../../lib/api-schema.gen';

type Schemas = components['schemas'];

/** phone/open: this session's phone, its credentials shown once. */
export type PhoneCredentials = Schemas['PhoneCredentials'];
/** phone/testCall's fields: asIfDate YYYY-MM-DD and asIfTime HH:MM, both '' for now. */
export type TestCallRequest = Required<Schemas['TestCallRequest']>;
/** phone/callOut's fields: the number as typed, and the caller id to present. */
export type CallOutRequest = Required<Schemas['CallOutRequest']>;
/** What the phone dials (good once, for a minute), and the words for the call. */
export type CallStarted = Schemas['CallReady'];
/** phone/progress: where the call is now, in the simulator's words; the last step is now. */
export type CallProgress = Schemas['CallProgress'];

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

// Test helpers of the routing selectors, editors and the audio list: the library's answers and a
// render inside the providers the app mounts them in.
import { render } from '@testing-library/react';
import { SnackbarProvider } from '../../../components/Snackbar';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import type { AccountState } from '../../../domain';
import { AccountProvider } from '../../../lib/account';
import { account, jsonResponse, stubApi } from '../../../test/fixtures';
import { RoutingLibraryProvider } from './RoutingLibrary';

export type Answers = Parameters<typeof stubApi>[0];

export const PLANS = [
  { id: 0, description: '-- Disconnect --' },
  { id: 11, description: 'Office hours' },
  { id: 12, description: 'Weekend cover' },
];
export const ROUTINGS = [
  { id: 21, description: 'Reception', planType: 0 },
  { id: 22, description: 'Out of hours', planType: 1 },
];
export const DESTINATIONS = [
  { id: 31, description: 'Front desk', destination: '01614960100', internationalCode: 1, code: '44', mailbox: 0 },
  { id: 32, description: 'Manager mobile', destination: '07700900123', internationalCode: 1, code: '44', mailbox: 1 },
];
export const INTERNATIONAL_CODES = [
  { id: 2, description: 'Ireland', code: '353' },
  { id: 1, description: 'United Kingdom', code: '44' },
];
export const QUEUES = [
  {
    id: 41,
    description: 'Sales queue',
    maxCalls: 10,
    quantityOfLines: 2,
    holdMusic: 2,
    apologyMode: 1,
    apologyInterval: 60,
    welcomeAudio: 51,
    message1Audio: 0,
    message2Audio: 0,
    message3Audio: 0,
    nextInLineAudio: 0,
    queueFullAudio: 52,
  },
];
export const AUDIOS = [
  { id: 51, description: 'Welcome message' },
  { id: 52, description: 'Closed message' },
];
export const VOICEMAILS = [{ id: 61, description: 'Out of hours', audioId: 52 }];
export const CATEGORIES = [
  { id: 71, description: 'Sales' },
  { id: 72, description: 'Support' },
];
export const REPORT_GROUPS = [{ id: 81, description: 'North West' }];
/** Not in libraryAnswers (the IVR dialog's tests expect none there): add SECONDARY_ANSWER. */
export const SECONDARY_REPORT_GROUPS = [{ id: 91, description: 'Dental implants' }];
export const SECONDARY_ANSWER = {
  '/api/managesecondaryreportgroup/getReportGroups': () => jsonResponse({ reportGroups: SECONDARY_REPORT_GROUPS }),
};
export const IN_CALL_ATTRIBUTIONS = [
  {
    id: 101,
    description: 'Caller ID capture',
    active: '1',
    attributionType: '1',
    terminator: '2',
    delayBefore: '2',
    delayAfter: '0',
  },
];
export const ATTRIBUTION_OPTIONS = {
  dtmfs: [
    { id: 111, description: 'Agent code' },
    { id: 112, description: 'Sale value' },
  ],
  dtmfIvrs: [{ id: 'IVR_121', description: 'Outcome menu' }],
};
export const DYNAMIC_WHISPERS = [{ id: 131, description: 'Campaign whisper' }];

/** The library's lists, each replaceable (a function answers each request afresh). */
export function libraryAnswers(overrides: Answers = {}): Answers {
  return {
    '/api/manageconnections/getServicePlansList': () => jsonResponse({ plans: PLANS }),
    '/api/manageroutings/getRoutings/': () => jsonResponse({ routings: ROUTINGS }),
    '/api/manageconnections/getDestinationNumbers/': () =>
      jsonResponse({ destinations: DESTINATIONS, internationalCodes: INTERNATIONAL_CODES }),
    '/api/manageconnections/getQueues/': () => jsonResponse({ queues: QUEUES }),
    '/api/manageconnections/getCustomerAudios': () => jsonResponse({ audios: AUDIOS }),
    '/api/managevoicemails/getList': () => jsonResponse({ voicemails: VOICEMAILS }),
    '/api/manageivrrouting/getIvrList/1': () => jsonResponse({ ivrs: [] }),
    '/api/manageconnections/getInCallAttribution/': () => jsonResponse({ attributions: [] }),
    '/api/manageroutings/getCategories': () => jsonResponse({ categories: CATEGORIES }),
    '/api/managereportgroup/getReportGroups': () => jsonResponse({ reportGroups: REPORT_GROUPS }),
    '/api/manageconnections/getAttributionOptions': () => jsonResponse(ATTRIBUTION_OPTIONS),
    '/api/managedynamicwhispers/getDynamicWhispersList': () => jsonResponse({ dynamicWhispers: DYNAMIC_WHISPERS }),
    ...overrides,
  };
}

/** Stubs fetch with the library's answers plus `answers`. */
export function stubLibrary(answers: Answers = {}) {
  return stubApi(libraryAnswers(answers));
}

/** `ui` inside a router, the account and a routing library. */
export function renderWithLibrary(ui: ReactNode, acc: AccountState = account()) {
  render(
    <MemoryRouter>
      <AccountProvider account={acc} setAccount={() => {}} reload={async () => {}}>
        <SnackbarProvider>
          <RoutingLibraryProvider>{ui}</RoutingLibraryProvider>
        </SnackbarProvider>
      </AccountProvider>
    </MemoryRouter>,
  );
  return userEvent.setup();
}

/** Every field of a multipart post, repeated names included, as [name, value] pairs. */
export function postedPairs(init: RequestInit | undefined): [string, string][] {
  return Array.from((init?.body as FormData).entries(), ([k, v]) => [k, typeof v === 'string' ? v : `file:${v.name}`]);
}

/** The fields of a multipart post (the last value of a repeated name). */
export function posted(init: RequestInit | undefined): Record<string, string> {
  return Object.fromEntries(postedPairs(init));
}

export function callsTo(fetch: ReturnType<typeof stubApi>, url: string) {
  return fetch.mock.calls.filter(([u]) => String(u) === url);
}

export function unprocessable(code: string, errors: Record<string, string>, extra: Record<string, unknown> = {}) {
  return jsonResponse({ success: false, code, errors, ...extra }, 422);
}

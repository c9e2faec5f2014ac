import { vi } from 'vitest';
import type { AccountState } from '../domain';

const BASE: AccountState = {
  userId: 1,
  userForename: 'Olivia',
  userSurname: 'Owen',
  userEmail: 'owner@example.test',
  customerId: 100,
  customerName: 'Harbour Lane Dental',
  customerTimeZone: 'Europe/London',
  accountCode: 'HLD-100',
  packageName: 'Professional',
  userAuthCode: 25,
  accountOwnerName: 'Olivia Owen',
  logoUrl: null,
  faviconUrl: null,
  topBar: { background: '', text: '' },
  packageScopes: ['routing_simple', 'routing_time_of_day', 'routing_ivr', 'admin_user_management', 'admin_call_scoring', 'billing_subscription'],
  addonScopes: ['admin_call_categorisation'],
  nextPackageScopes: [],
  parameters: [],
  splashScreen: null,
  numberFormat: { countryCode: 44, prefix: 'zero' },
  accounts: [{ customerId: 100, customerName: 'Harbour Lane Dental' }],
  productName: 'Calltrack',
  liveChatUrl: '',
  isPartner: false,
  isUserOnPartner: false,
  isTechPartner: false,
  techPartnerReportsLogin: false,
  isUserAdmin: true,
  isAdministrator: true,
  isSystemManager: false,
  isGroupAccount: false,
  isLegacyPackage: false,
  hasStatic: true,
  hasDynamic: true,
  hasOutbound: false,
  hasOldOutbound: false,
  hasSpeech: false,
  hasBilling: true,
  hasRealTime: false,
  canPurchase: true,
  customerCanPurchaseOnline: true,
  purchasePermissionFlag: true,
  canProvision: true,
  canViewAdminMenu: true,
  canAccessReports: true,
  canAccessBilling: true,
  canAccessOutbound: false,
  isOutboundAgent: false,
  canAccessSalesData: true,
  canAccessApi: false,
  canEditUsers: true,
  canEditNumbersCampaigns: true,
  hasAccessToConversions: false,
  showReports2023: false,
  userCanCreatePartnerAccounts: false,
  partnerResellerApprovedFlag: false,
  partnerReferrerApprovedFlag: false,
  canAccessPartnerAccounts: false,
  canAccessPartnerRewards: false,
  canAddPartnerAccounts: false,
  canAccessPartnerBilling: false,
  canViewPartnerAccounts: false,
};

/** An account owner on a Professional customer, with any fields replaced. */
export function account(overrides: Partial<AccountState> = {}): AccountState {
  return { ...BASE, ...overrides };
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(body === undefined ? '' : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

type Answer = (init: RequestInit | undefined, url: URL) => Response | Promise<Response>;

/**
 * Stubs fetch with answers keyed by "/api/..." path (with its query string, or without to
 * answer any query); any other path gets a 404.
 */
/** An account with no routing draft (every routing page asks). */
export const NO_DRAFT = {
  draft: null,
  returning: null,
  returnNotRun: '',
  banner: 'The banner the server sends.',
  now: 1_795_428_000,
  timeZone: 'Europe/London',
};

/** Answers every test gets unless it gives its own. */
const DEFAULT_ANSWERS: Record<string, Answer> = {
  '/api/routingdraft/get': () => jsonResponse(NO_DRAFT),
};

export function stubApi(answers: Record<string, Answer>) {
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const answer = answers[String(input)] ?? answers[url.pathname] ?? DEFAULT_ANSWERS[url.pathname];
    return answer ? answer(init, url) : jsonResponse({ success: false }, 404);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/** The calls of a stubbed fetch to one path (any query). */
export function callsTo(fetch: { mock: { calls: unknown[][] } }, path: string) {
  return fetch.mock.calls.filter(([input]) => new URL(String(input), 'http://localhost').pathname === path);
}

/** The fields of a multipart post (the last value of a field posted twice). */
export function posted(init: RequestInit | undefined): Record<string, string> {
  return Object.fromEntries(Array.from((init?.body as FormData).entries(), ([k, v]) => [k, String(v)]));
}

/** Every value of each posted field (a list field, `form_sends[]`, has several). */
export function postedLists(init: RequestInit | undefined): Record<string, string[]> {
  const lists: Record<string, string[]> = {};
  for (const [k, v] of (init?.body as FormData).entries()) (lists[k] ??= []).push(String(v));
  return lists;
}

/** Replaces window.location with one whose assign() is recorded. */
export function stubLocationAssign() {
  const assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, origin: window.location.origin, assign });
  return assign;
}

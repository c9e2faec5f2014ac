import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';
import type { AccountState } from '../../domain';
import { AccountProvider } from '../../lib/account';
import { account, jsonResponse } from '../../test/fixtures';
import DynamicSection from '../dynamic/index';
import GoogleSection from '../google/index';
import HubspotSection from '../hubspot/index';
import OverviewSection from '../overview/index';
import type { Connection, Integration } from './api/types';
import IntegrationsSection from './index';

/** The scopes of the Professional and Starter personas of crates/domain/tests/vectors.json. */
const PROFESSIONAL_SCOPES = [
  'admin_user_management', 'admin_call_scoring', 'billing_subscription', 'routing_simple',
  'integration_google_analytics', 'integration_google_ads', 'integrations_google_business_profile',
  'integration_microsoft_ads', 'integration_ftp_export', 'integration_facebook', 'integrations_facebook_pages',
  'integration_hubspot', 'integration_optimizelyx', 'integration_marin', 'integration_double_click',
  'integrations', 'dynamic_url', 'dynamic_pool', 'static',
];
const STARTER_SCOPES = [
  'routing_simple', 'admin_user_management', 'billing_subscription', 'integration_google_analytics',
  'integration_google_ads', 'integrations_google_business_profile', 'integration_microsoft_ads',
  'integration_facebook', 'integrations_facebook_pages', 'integrations', 'dynamic_url', 'static',
];

export function professional(overrides: Partial<AccountState> = {}): AccountState {
  return account({
    packageName: 'Professional',
    packageScopes: PROFESSIONAL_SCOPES,
    addonScopes: ['integration_api', 'integration_webhooks', 'integration_salesforce', 'integration_dealerweb'],
    nextPackageScopes: ['enterprise'],
    ...overrides,
  });
}

export function starter(overrides: Partial<AccountState> = {}): AccountState {
  return account({
    packageName: 'Starter',
    packageScopes: STARTER_SCOPES,
    addonScopes: ['integration_api', 'integration_webhooks', 'upgrade'],
    nextPackageScopes: [...PROFESSIONAL_SCOPES],
    ...overrides,
  });
}

type Kind = 'oauth' | 'external' | 'settings';

const CATALOGUE: [string, string, string, Kind][] = [
  ['google_analytics', 'Google Analytics', '/googleanalytics', 'oauth'],
  ['google_ads', 'Google Ads', '/adwords', 'oauth'],
  ['google_business_profile', 'Google Business Profile', '/googlebusinessprofile', 'oauth'],
  ['microsoft_ads', 'Microsoft Ads', '/microsoftads', 'oauth'],
  ['meta_ads', 'Meta Ads', '/facebookads', 'oauth'],
  ['facebook_pages', 'Facebook Pages', '/facebookpages', 'oauth'],
  ['looker_studio', 'Looker Studio', 'https://lookerstudio.google.com/', 'external'],
  ['search_ads_360', 'Search Ads 360', '/searchads360/connect', 'oauth'],
  ['marin', 'Marin', '/marin', 'oauth'],
  ['ftp_export', 'FTP export', '/ftpexport', 'settings'],
  ['api', 'Api', '/apisettings', 'settings'],
  ['webhooks', 'Webhooks', '/webhooks', 'settings'],
  ['zapier', 'Zapier', 'https://zapier.com/apps', 'external'],
  ['hubspot', 'HubSpot', '/hubspot', 'oauth'],
  ['optimizely', 'Optimizely', '/optimizely', 'oauth'],
  ['optimizely_x', 'Optimizely X', '/optimizelyx', 'oauth'],
  ['salesforce', 'Salesforce', '/salesforce', 'oauth'],
  ['dealerweb', 'Dealerweb', '/dealerweb', 'oauth'],
];

/** The 18 integrations as admin/getIntegrationsList answers them; `connections` are the set-up ones. */
export function integrationsList(connections: Record<string, Connection> = {}): { integrations: Integration[] } {
  return {
    integrations: CATALOGUE.map(([identifier, title, destination, kind], index) => ({
      identifier,
      title,
      icon: `/manage/integrations/${identifier}.svg`,
      order: index + 1,
      scope: 'integrations',
      isConfigured: identifier in connections,
      isPaidExtra: identifier === 'salesforce',
      isBeta: false,
      isDynamicOnly: ['search_ads_360', 'marin', 'optimizely', 'optimizely_x'].includes(identifier),
      isRecommended: false,
      configureUrl: destination,
      connectUrl: kind === 'oauth' ? `integrations/connect/${identifier}` : destination,
      connectUrlNewWindow: kind === 'external',
      connectUrlExternal: kind === 'external',
      removeUrl: kind === 'external' ? null : `integrations/remove/${identifier}`,
      params: {},
      manualMode: null,
      connection: connections[identifier] ?? null,
    })),
  };
}

/** 2026-11-20 09:30 UTC: a fixed moment, so no test depends on today's date. */
export const CONNECTED_AT = Date.UTC(2026, 10, 20, 9, 30) / 1000;

export function connection(
  account = 'Harbour Lane GA',
  settings: Record<string, string> = {},
  secretStored = false,
  hostKey = '',
): Connection {
  return { account, connectedAt: CONNECTED_AT, settings, secretStored, hostKey };
}

/** Answers for the list and the settings post; `configured` defaults to the connections given. */
export function integrationAnswers(connections: Record<string, Connection> = {}, configured = Object.keys(connections)) {
  return {
    '/api/admin/getIntegrationsList': () => jsonResponse(integrationsList(connections)),
    '/api/admin/getIntegrationsSettings': () =>
      jsonResponse({ integrationSettings: { configured, dynamicOnly: [] } }),
  };
}

function Where() {
  const { pathname, search } = useLocation();
  return <output aria-label="location">{pathname + search}</output>;
}

/** The overview, integration pages and dynamic URL pages at `path`, as the app's routes mount them. */
export function renderAt(path: string, acc: AccountState = professional()) {
  const result = render(
    <MemoryRouter initialEntries={[path]}>
      <AccountProvider account={acc} setAccount={() => {}} reload={async () => {}}>
        <Routes>
          <Route path="/" element={<OverviewSection title="Integrate" />} />
          <Route path="/ga_connect" element={<OverviewSection title="Integrate" />} />
          <Route path="/googleanalytics" element={<GoogleSection title="Google Analytics" />} />
          <Route path="/googleads/conversions" element={<GoogleSection title="Google Ads conversions" />} />
          <Route path="/googleads" element={<GoogleSection title="Google Ads" />} />
          <Route path="/hubspot" element={<HubspotSection title="HubSpot" />} />
          <Route path="/webhooks" element={<IntegrationsSection title="Webhooks" />} />
          <Route path="/ftpexport" element={<IntegrationsSection title="FTP export" />} />
          <Route path="/dynamicurls" element={<DynamicSection title="Dynamic URLs" />} />
          <Route path="/dynamicurls/:id" element={<DynamicSection title="Dynamic URL" />} />
          <Route path="*" element={<p>Elsewhere</p>} />
        </Routes>
        <Where />
      </AccountProvider>
    </MemoryRouter>,
  );
  return { ...result, user: userEvent.setup() };
}

/** Replaces window.location with one whose assign() is recorded. */
export function stubLocationAssign() {
  const assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, origin: window.location.origin, assign });
  return assign;
}

/** The fields of a multipart post. */
/** Every value of each posted field (a list field, `form_sends[]`, has several). */
export function postedLists(init: RequestInit | undefined): Record<string, string[]> {
  const lists: Record<string, string[]> = {};
  for (const [k, v] of (init?.body as FormData).entries()) (lists[k] ??= []).push(String(v));
  return lists;
}

export function posted(init: RequestInit | undefined): Record<string, string> {
  return Object.fromEntries(Array.from((init?.body as FormData).entries(), ([k, v]) => [k, String(v)]));
}

export function callsTo(fetch: { mock: { calls: unknown[][] } }, path: string) {
  return fetch.mock.calls.filter(([input]) => new URL(String(input), 'http://localhost').pathname === path);
}

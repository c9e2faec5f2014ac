import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { AccountState } from '../../domain';
import { AccountProvider } from '../../lib/account';
import { jsonResponse } from '../../test/fixtures';
import { professional } from '../../test/personas';
import type { Connection, Integration } from './api/types';
import IntegrationsSection from './index';
import { OverviewPage } from './overview/OverviewPage';


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

const overview = <OverviewPage title="Integrate" dynamicUrls={<p>The dynamic URLs</p>} />;

/** The overview and the integration pages at `path`, as the app's routes mount them. */
export function renderAt(path: string, acc: AccountState = professional()) {
  const result = render(
    <MemoryRouter initialEntries={[path]}>
      <AccountProvider account={acc} setAccount={() => {}} reload={async () => {}}>
        <Routes>
          <Route path="/" element={overview} />
          <Route path="/ga_connect" element={overview} />
          <Route path="/googleanalytics" element={<IntegrationsSection title="Google Analytics" />} />
          <Route path="/googleads/conversions" element={<IntegrationsSection title="Google Ads conversions" />} />
          <Route path="/googleads" element={<IntegrationsSection title="Google Ads" />} />
          <Route path="/hubspot" element={<IntegrationsSection title="HubSpot" />} />
          <Route path="/webhooks" element={<IntegrationsSection title="Webhooks" />} />
          <Route path="/ftpexport" element={<IntegrationsSection title="FTP export" />} />
          <Route path="*" element={<p>Elsewhere</p>} />
        </Routes>
        <Where />
      </AccountProvider>
    </MemoryRouter>,
  );
  return { ...result, user: userEvent.setup() };
}

import type { AccountState } from '../domain';
import { account } from './fixtures';

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

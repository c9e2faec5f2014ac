import { apiGet, apiPost } from '../../../lib/api';
import type { Done, ProviderSettingsOptions } from './types';

export type { ProviderSettingsOptions };

/** The accounts (Google Ads) or portals (HubSpot) of the connected login, and what is chosen. */
export async function getProviderSettings(identifier: string): Promise<ProviderSettingsOptions> {
  const answer = await apiGet<Partial<ProviderSettingsOptions> | null>(`integrations/provider_settings/${identifier}`);
  return {
    connected: answer?.connected === true,
    accounts: Array.isArray(answer?.accounts) ? answer.accounts : [],
    accountId: typeof answer?.accountId === 'string' ? answer.accountId : '',
    sends: Array.isArray(answer?.sends) ? answer.sends : [],
  };
}

/** Saves the account chosen and what is sent; a 422 answer carries the field errors. */
export async function saveProviderSettings(identifier: string, accountId: string, sends: string[]): Promise<void> {
  const answer = await apiPost<Done | null>(`integrations/provider_settings/${identifier}`, {
    form_account_id: accountId,
    'form_sends[]': sends,
  });
  if (answer?.success !== true) throw new Error('The settings were not saved');
}

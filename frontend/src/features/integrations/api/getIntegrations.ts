import { apiGet, apiPost } from '../../../lib/api';
import type { IntegrationsList, IntegrationsSettings } from './types';

export function getIntegrationsList(): Promise<IntegrationsList> {
  return apiGet<IntegrationsList>('admin/getIntegrationsList');
}

/** Which of `identifiers` are set up for the customer. */
export function getIntegrationsSettings(identifiers: string[]): Promise<IntegrationsSettings> {
  return apiPost<IntegrationsSettings>('admin/getIntegrationsSettings', {
    integration_list: JSON.stringify(identifiers),
  });
}

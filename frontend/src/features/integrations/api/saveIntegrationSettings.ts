import { apiPost } from '../../../lib/api';
import type { Done } from './types';

/** The settings form of ftp_export, api or webhooks; a 422 answer carries the field errors. */
export async function saveIntegrationSettings(identifier: string, fields: Record<string, string>): Promise<void> {
  const answer = await apiPost<Done | null>(`integrations/settings/${identifier}`, fields);
  if (answer?.success !== true) throw new Error('The settings were not saved');
}

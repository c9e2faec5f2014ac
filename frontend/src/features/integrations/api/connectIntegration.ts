import { apiGet } from '../../../lib/api';
import type { IntegrationAuthUrl } from './types';

/** Where the provider's consent starts: `connectUrl` is the api path "integrations/connect/<id>". */
export async function getAuthUrl(connectUrl: string): Promise<string> {
  const answer = await apiGet<IntegrationAuthUrl | null>(connectUrl);
  if (typeof answer?.authUrl !== 'string' || answer.authUrl === '') throw new Error('No authUrl in the answer');
  return answer.authUrl;
}

/** Sends the browser to the provider's consent page. */
export async function startConnection(connectUrl: string): Promise<void> {
  window.location.assign(await getAuthUrl(connectUrl));
}

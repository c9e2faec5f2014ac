import { apiPost } from '../../../lib/api';
import type { Done } from './types';

/** Disconnects (or turns off) an integration; `key` is the single-use key of handleajax/confirmPassword. */
export async function removeIntegration(removeUrl: string, key: string): Promise<void> {
  const answer = await apiPost<Done | null>(`${removeUrl}/${encodeURIComponent(key)}`, {});
  if (answer?.success !== true) throw new Error('The integration was not removed');
}

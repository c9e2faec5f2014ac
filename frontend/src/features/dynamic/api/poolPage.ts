// A pool's page (docs/pools-parameters-api.md): its numbers, their calls and its health figure.
import { apiGet, apiPost } from '../../../lib/api';
import type { components } from '../../../lib/api-schema.gen';

export type PoolPageData = components['schemas']['PoolPage'];
export type PoolHealth = components['schemas']['PoolHealth'];

export function getPoolPage(dynamicUrl: string, pool: string): Promise<PoolPageData> {
  return apiGet<PoolPageData>(`dynamicurls/getPool/${encodeURIComponent(dynamicUrl)}/${encodeURIComponent(pool)}`);
}

/** Adds the recommended count of numbers to the pool (the terms ticked): the numbers added. */
export function addPoolNumbers(dynamicUrl: number, pool: number, count: number): Promise<{ numbers: string[] }> {
  return apiPost(`dynamicurls/addPoolNumbers/${dynamicUrl}/${pool}`, { count, terms: '1' });
}

// A pool's page (docs/pools-parameters-api.md): its numbers, their calls and its health figure.
import { apiGet } from '../../../lib/api';
import type { components } from '../../../lib/api-schema.gen';

export type PoolPageData = components['schemas']['PoolPage'];
export type PoolHealth = components['schemas']['PoolHealth'];

export function getPoolPage(dynamicUrl: string, pool: string): Promise<PoolPageData> {
  return apiGet<PoolPageData>(`dynamicurls/getPool/${encodeURIComponent(dynamicUrl)}/${encodeURIComponent(pool)}`);
}

// A dynamic URL's pools with their numbers and routing (docs/services-api.md), typed.
import { apiGet } from '../../../lib/api';
import type { DynamicUrlPools, PoolView } from './types';

export type { PoolView };

export function getPools(dynamicUrl: string): Promise<DynamicUrlPools> {
  return apiGet<DynamicUrlPools>(`dynamicurls/getPools/${encodeURIComponent(dynamicUrl)}`);
}

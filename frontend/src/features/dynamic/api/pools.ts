// A dynamic URL's pools with their numbers and routing (docs/services-api.md), typed.
import { apiGet } from '../../../lib/api';

export interface PoolView {
  id: number;
  name: string;
  numbers: string[];
  servicePlan: string | null;
  callRecording: boolean;
  provisioned: boolean;
}

export function getPools(dynamicUrl: string): Promise<{ pools: PoolView[] }> {
  return apiGet(`dynamicurls/getPools/${encodeURIComponent(dynamicUrl)}`);
}

import { apiGet } from '../../../lib/api';
import type { DynamicUrl } from './types';

export async function getDynamicUrls(): Promise<DynamicUrl[]> {
  const answer = await apiGet<{ dynamicUrls?: DynamicUrl[] } | null>('admin/getDynamicUrls');
  return Array.isArray(answer?.dynamicUrls) ? answer.dynamicUrls : [];
}

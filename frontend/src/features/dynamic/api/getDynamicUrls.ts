import { apiGet } from '../../../lib/api';
import type { DynamicUrl, DynamicUrls } from './types';

export async function getDynamicUrls(): Promise<DynamicUrl[]> {
  const answer = await apiGet<DynamicUrls | null>('admin/getDynamicUrls');
  return Array.isArray(answer?.dynamicUrls) ? answer.dynamicUrls : [];
}

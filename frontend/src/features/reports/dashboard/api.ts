import { apiGet } from '../../../lib/api';
import type { components } from '../../../lib/api-schema.gen';

export type Dashboard = components['schemas']['Dashboard'];
export type PeriodChange = components['schemas']['PeriodChange'];
export type Series = components['schemas']['DaySeries'];
export type TopSource = components['schemas']['TopSource'];

/** reports/dashboard: the period's figures (preset, from, to as the query has them). */
export function getDashboard(query: string): Promise<Dashboard> {
  return apiGet<Dashboard>(query ? `reports/dashboard?${query}` : 'reports/dashboard');
}

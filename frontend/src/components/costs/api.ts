import { apiGet } from '../../lib/api';
import type { components } from '../../lib/api-schema.gen';

export type CostReport = components['schemas']['CostReport'];
export type CostReportRow = components['schemas']['CostReportRow'];

/** reports/costs: each line's figures over the period (the query's preset, from, to) and the one before. */
export function getCosts(period: string, by: string): Promise<CostReport> {
  return apiGet<CostReport>(`reports/costs?${period ? `${period}&` : ''}by=${encodeURIComponent(by)}`);
}

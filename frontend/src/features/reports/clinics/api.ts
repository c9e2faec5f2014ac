import { apiGet } from '../../../lib/api';
import type { components } from '../../../lib/api-schema.gen';

export type GroupDashboard = components['schemas']['GroupDashboard'];
export type ClinicFigures = components['schemas']['ClinicFigures'];
export type DashboardTotals = components['schemas']['DashboardTotals'];
export type PeriodChange = components['schemas']['PeriodChange'];
export type GroupCallLog = components['schemas']['GroupCallLog'];
export type GroupCallRow = components['schemas']['GroupCallRow'];

/** reports/getGroupDashboard: each member clinic's totals for the period, and the group's. */
export function getGroupDashboard(query: string): Promise<GroupDashboard> {
  return apiGet<GroupDashboard>(query ? `reports/getGroupDashboard?${query}` : 'reports/getGroupDashboard');
}

/** reports/getGroupCalls: a page of the calls of every member clinic, or of one (`clinic`). */
export function getGroupCalls(query: string): Promise<GroupCallLog> {
  return apiGet<GroupCallLog>(query ? `reports/getGroupCalls?${query}` : 'reports/getGroupCalls');
}

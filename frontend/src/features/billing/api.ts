// The plan and usage page's calls (docs/services-api.md, "Plan and usage"), typed.
import { apiGet } from '../../lib/api';
import type { components } from '../../lib/api-schema.gen';

type Schemas = components['schemas'];

export type AccountUsage = Schemas['AccountUsage'];

export type PeriodUsage = Schemas['PeriodUsage'];

/** The previous and current month's (or quarter's) usage. */
export type DirectionUsage = Schemas['DirectionUsage'];

export type CallCharges = Schemas['CallCharges'];

export function getAccountUsage(): Promise<AccountUsage> {
  return apiGet<AccountUsage>('services/getAccountUsage');
}

export function getCallCharges(): Promise<CallCharges> {
  return apiGet<CallCharges>('services/getCallCharges');
}

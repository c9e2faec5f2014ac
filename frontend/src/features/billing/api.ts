// The plan and usage page's calls (docs/services-api.md, "Plan and usage"), typed.
import { apiGet } from '../../lib/api';

export interface AccountUsage {
  dynamicUrls: { id: number; description: string; url: string }[];
  dynamicUrlsCount: number;
  poolsCount: number;
  pools: { id: number; name: string }[];
  staticNumbers: number;
  staticsAvailable: number;
  poolsAvailable: number;
  outboundAgents: number;
  callRecordingStorage: number;
  freeCallRecordingStorage: number;
  onlyUseAssignedNumbers: boolean;
  minutesAvailable: number;
  inclusiveMinutesLeft: number;
  addOns: { scope: string; description: string }[];
}

export interface PeriodUsage {
  label: string;
  calls: number;
  minutes: number;
  totalCost: number;
}

export interface DirectionUsage {
  monthlyUsage: { previous: PeriodUsage; current: PeriodUsage };
  quarterlyUsage: { previous: PeriodUsage; current: PeriodUsage };
}

export interface CallCharges {
  inclusive: { used: number; total: number };
  inbound: DirectionUsage;
  outbound: DirectionUsage;
}

export function getAccountUsage(): Promise<AccountUsage> {
  return apiGet<AccountUsage>('services/getAccountUsage');
}

export function getCallCharges(): Promise<CallCharges> {
  return apiGet<CallCharges>('services/getCallCharges');
}

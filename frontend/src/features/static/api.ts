// The campaigns and numbers calls of docs/static-api.md (issue 33), typed.
import type { TableQuery } from '../../components/DataTable';
import type { CallPath } from '../../domain/ivr';
import { apiGet, apiPost, type FormFields } from '../../lib/api';

export interface ListItem {
  id: number;
  description: string;
}

export interface CampaignRow {
  id: number;
  description: string;
  numbers: number;
  calls30Days: number;
  createdAt: string;
  created: string;
}

export interface CampaignsPage {
  campaigns: CampaignRow[];
  total: number;
  canEdit: boolean;
}

export interface Campaign {
  id: number;
  description: string;
  numbers: number;
  created: string;
}

export interface NumberRouting {
  mode: 'plan' | 'number' | 'none' | string;
  id: number;
  label: string;
}

export interface NumberRow {
  id: number;
  kind: 'static' | 'pool' | string;
  number: string;
  poolId: number;
  poolName: string;
  dynamicUrlId: number;
  campaignId: number;
  campaign: string;
  mediaDescription: string;
  channelId: number;
  channel: string;
  mediaOwnerId: number;
  mediaOwner: string;
  departmentId: number;
  department: string;
  routing: NumberRouting;
  callRecording: boolean | number;
  calls30Days: number;
  createdAt: string;
  bought: string;
  status: 'live' | 'provisioning' | string;
  statusLabel: string;
}

export interface NumbersPage {
  numbers: NumberRow[];
  total: number;
}

export interface NumberLists {
  campaigns: ListItem[];
  channels: ListItem[];
  mediaOwners: ListItem[];
  departments: ListItem[];
  canEdit: boolean;
}

export interface RecentCall {
  id: number;
  time: string;
  caller: string;
  duration: string | number;
  outcomeLabel: string;
}

export interface HistoryEntry {
  id: number;
  time: string;
  userName: string;
  summary: string;
}

export interface NumberDetails {
  number: NumberRow;
  callPath: CallPath | null;
  routeSummary: string;
  recentCalls: RecentCall[];
  seesCalls: boolean;
  history: HistoryEntry[];
}

export interface Released {
  released: string[];
  chargeEnds: string;
  returnsToInventory: string;
  message: string;
}

/** A list's parameters for a table query (page from 1). */
function listParams(query: TableQuery, extra: Record<string, string> = {}): URLSearchParams {
  return new URLSearchParams({
    ...extra,
    page: String(query.page + 1),
    pageSize: String(query.pageSize),
    search: query.search,
    sort: query.sort.column,
    direction: query.sort.direction,
  });
}

export async function getCampaigns(query: TableQuery): Promise<CampaignsPage> {
  const answer = await apiGet<CampaignsPage | null>(`managecampaigns/getCampaigns?${listParams(query)}`);
  return { campaigns: answer?.campaigns ?? [], total: answer?.total ?? 0, canEdit: answer?.canEdit ?? false };
}

export function getCampaign(id: number): Promise<Campaign> {
  return apiGet<Campaign>(`managecampaigns/getCampaign/${id}`);
}

export function insertCampaign(campaign: string): Promise<{ id: number }> {
  return apiPost<{ id: number }>('managecampaigns/insertCampaign', { campaign });
}

export function renameCampaign(id: number, campaign: string): Promise<{ id: number; description: string }> {
  return apiPost<{ id: number; description: string }>('managecampaigns/renameCampaign', { id, campaign });
}

export function deleteCampaign(id: number): Promise<{ success: boolean }> {
  return apiPost<{ success: boolean }>('managecampaigns/deleteCampaign', { id });
}

/** One page of a campaign's numbers (campaign set) or of every tracked number (campaign null). */
export async function getNumbers(query: TableQuery, campaign: number | null): Promise<NumbersPage> {
  const extra: Record<string, string> = campaign === null ? {} : { campaign: String(campaign) };
  const answer = await apiGet<NumbersPage | null>(`managenumbers/getNumbers?${listParams(query, extra)}`);
  return { numbers: answer?.numbers ?? [], total: answer?.total ?? 0 };
}

export function getNumberLists(): Promise<NumberLists> {
  return apiGet<NumberLists>('managenumbers/getNumberLists');
}

export function getNumber(id: number): Promise<NumberDetails> {
  return apiGet<NumberDetails>(`managenumbers/getNumber/${id}`);
}

/** The attribution fields to change; a field absent is left as it is (a list id 0 clears it). */
export interface AttributionChange {
  mediaDescription?: string;
  channel?: number;
  department?: number;
  mediaOwner?: number;
}

export function updateNumbers(ids: readonly number[], change: AttributionChange): Promise<{ updated: number }> {
  const fields: FormFields = { 'ids[]': [...ids] };
  for (const [key, value] of Object.entries(change)) if (value !== undefined) fields[key] = value;
  return apiPost<{ updated: number }>('managenumbers/updateNumbers', fields);
}

export function moveNumbers(ids: readonly number[], campaign: number): Promise<{ moved: number; campaign: string }> {
  return apiPost<{ moved: number; campaign: string }>('managenumbers/moveNumbers', { 'ids[]': [...ids], campaign });
}

export function releaseNumbers(ids: readonly number[], key: string): Promise<Released> {
  return apiPost<Released>('managenumbers/releaseNumbers', { 'ids[]': [...ids], key });
}

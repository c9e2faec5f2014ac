// The campaigns and numbers calls of docs/static-api.md, typed.
import type { TableQuery } from '../../components/DataTable';
import { apiGet, apiPost, type FormFields } from '../../lib/api';
import type { components } from '../../lib/api-schema.gen';

type Schemas = components['schemas'];

export type ListItem = Schemas['ListChoice'];
export type CampaignRow = Schemas['CampaignListRow'];
export type CampaignsPage = Schemas['CampaignPage'];
/** GET managecampaigns/getCampaign/{id}: the campaign as the list shows it. */
export type Campaign = Schemas['CampaignListRow'];
export type NumberRouting = Schemas['RouteCell'];
export type NumberRow = Schemas['NumberListRow'];
/** GET managenumbers/getNumbers. */
export type NumbersPage = Schemas['NumberPage'];
export type NumberLists = Schemas['NumberLists'];
export type JourneyStep = Schemas['JourneyStep'];
export type RecentCall = Schemas['CallLogRow'];
export type HistoryEntry = Schemas['HistoryLine'];
export type Released = Schemas['Released'];

/** GET managenumbers/getNumber/{id}: the number, where a call goes now, its last calls and history. */
export type NumberDetails = Schemas['NumberDetails'];

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

export function insertCampaign(campaign: string): Promise<Schemas['ListItemCreated']> {
  return apiPost<Schemas['ListItemCreated']>('managecampaigns/insertCampaign', { campaign });
}

export function renameCampaign(id: number, campaign: string): Promise<Schemas['RenamedCampaign']> {
  return apiPost<Schemas['RenamedCampaign']>('managecampaigns/renameCampaign', { id, campaign });
}

export function deleteCampaign(id: number): Promise<Schemas['Deleted']> {
  return apiPost<Schemas['Deleted']>('managecampaigns/deleteCampaign', { id });
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

export function updateNumbers(ids: readonly number[], change: AttributionChange): Promise<Schemas['Updated']> {
  const fields: FormFields = { 'ids[]': [...ids] };
  for (const [key, value] of Object.entries(change)) if (value !== undefined) fields[key] = value;
  return apiPost<Schemas['Updated']>('managenumbers/updateNumbers', fields);
}

export function moveNumbers(ids: readonly number[], campaign: number): Promise<Schemas['Moved']> {
  return apiPost<Schemas['Moved']>('managenumbers/moveNumbers', { 'ids[]': [...ids], campaign });
}

export function releaseNumbers(ids: readonly number[], key: string): Promise<Released> {
  return apiPost<Released>('managenumbers/releaseNumbers', { 'ids[]': [...ids], key });
}

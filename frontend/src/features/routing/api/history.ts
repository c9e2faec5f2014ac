// The routing history calls (docs/routing-history-api.md): the changes, their export, rollback
// and the data an edit's impact is replayed against.
import { ApiError, apiFile, apiGet, apiPost } from '../../../lib/api';
import type { components } from '../../../lib/api-schema.gen';

type Schemas = components['schemas'];
export type ChangePage = Schemas['ChangePage'];
export type ChangeView = Schemas['ChangeView'];
export type RollbackPreview = Schemas['RollbackPreview'];
export type RolledBack = Schemas['RolledBack'];
export type ReplayData = Schemas['ReplayData'];
export type RecordKind = Schemas['RecordKind'];

/** Which changes: every part optional (empty strings are left out of the query). */
export interface HistoryFilter {
  kind?: RecordKind | '';
  record?: number;
  user?: number;
  /** YYYY-MM-DD in the account's time zone. */
  from?: string;
  to?: string;
}

export function filterQuery(filter: HistoryFilter): URLSearchParams {
  const query = new URLSearchParams();
  if (filter.kind) query.set('kind', filter.kind);
  if (filter.kind && filter.record) query.set('record', String(filter.record));
  if (filter.user) query.set('user', String(filter.user));
  if (filter.from?.trim()) query.set('from', filter.from.trim());
  if (filter.to?.trim()) query.set('to', filter.to.trim());
  return query;
}

/** `page` from 1. */
export function getChanges(filter: HistoryFilter, page: number, pageSize: number): Promise<ChangePage> {
  const query = filterQuery(filter);
  query.set('page', String(page));
  query.set('pageSize', String(pageSize));
  return apiGet<ChangePage>(`routinghistory/getChanges?${query}`);
}

export type HistoryAuthor = Schemas['HistoryAuthor'];

/** Everyone who made a recorded change, by name: the user filter's choices. */
export async function getHistoryUsers(): Promise<HistoryAuthor[]> {
  const answer = await apiGet<Schemas['HistoryAuthors']>('routinghistory/getUsers');
  return answer.users;
}

export function exportChangesCsv(filter: HistoryFilter): Promise<Blob> {
  return apiFile(`routinghistory/exportCsv?${filterQuery(filter)}`);
}

export function getRollback(id: number, includeLater: boolean): Promise<RollbackPreview> {
  return apiGet<RollbackPreview>(`routinghistory/getRollback/${id}${includeLater ? '?includeLater=1' : ''}`);
}

export function rollBack(id: number, includeLater: boolean): Promise<RolledBack> {
  return apiPost<RolledBack>(`routinghistory/rollback/${id}`, includeLater ? { includeLater: 1 } : {});
}

export function getReplayData(): Promise<ReplayData> {
  return apiGet<ReplayData>('routinghistory/getReplayData');
}

/** The field messages of a 422 answer, whatever its code (VALIDATION_FAILED, ROLLBACK_REFUSED). */
export function refusalErrors(error: unknown): Record<string, string> | null {
  if (!(error instanceof ApiError) || error.status !== 422) return null;
  const errors = (error.body as { errors?: unknown } | null)?.errors;
  if (!errors || typeof errors !== 'object') return {};
  return Object.fromEntries(
    Object.entries(errors as Record<string, unknown>).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

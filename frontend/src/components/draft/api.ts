// routingdraft/*: the account's routing draft (crates/server/src/http/routing/drafts.rs and
// draft_schedule.rs, docs/routing-drafts.md).
import { apiGet, apiPost } from '../../lib/api';
import type { components } from '../../lib/api-schema.gen';

type Schemas = components['schemas'];
export type DraftAnswer = Schemas['DraftAnswer'];
export type DraftView = Schemas['DraftView'];
export type Conflict = Schemas['Conflict'];
export type DraftImpact = Schemas['Impact'];

export function getDraft(): Promise<DraftAnswer> {
  return apiGet<DraftAnswer>('routingdraft/get');
}

export function openDraft(): Promise<DraftAnswer> {
  return apiPost<DraftAnswer>('routingdraft/open', {});
}

export function discardDraft(id: number): Promise<{ success: boolean }> {
  return apiPost<{ success: boolean }>(`routingdraft/discard/${id}`, {});
}

export function publishDraft(id: number): Promise<Schemas['Published']> {
  return apiPost<Schemas['Published']>(`routingdraft/publish/${id}`, {});
}

/** Brings one conflicting record up to date: keeps the live version or the draft's. */
export function resolveConflict(id: number, conflict: Conflict, keep: 'live' | 'draft'): Promise<{ success: boolean }> {
  return apiPost<{ success: boolean }>(`routingdraft/resolve/${id}`, {
    kind: conflict.key.kind,
    recordId: conflict.key.id,
    keep,
  });
}

/** Moments as YYYY-MM-DDTHH:MM in the account's zone; revertAt '' for none. */
export function scheduleDraft(id: number, publishAt: string, revertAt: string): Promise<DraftAnswer> {
  return apiPost<DraftAnswer>(`routingdraft/schedule/${id}`, { publishAt, revertAt });
}

export function cancelSchedule(id: number): Promise<{ success: boolean }> {
  return apiPost<{ success: boolean }>(`routingdraft/cancelSchedule/${id}`, {});
}

export function cancelReturn(id: number): Promise<{ success: boolean }> {
  return apiPost<{ success: boolean }>(`routingdraft/cancelReturn/${id}`, {});
}

export function getDraftImpact(id: number): Promise<DraftImpact> {
  return apiGet<DraftImpact>(`routingdraft/impact/${id}`);
}

// Source / mediums (docs/sources-api.md): the calls of /sources and /sources/{id}, typed from
// the generated API contract.
import { apiGet, apiPost } from '../../../lib/api';
import type { components } from '../../../lib/api-schema.gen';

type Schemas = components['schemas'];

export type SourceRow = Schemas['SourceRow'];
export type SourcesPage = Schemas['SourcesPage'];
export type SourcePage = Schemas['SourcePage'];
export type RuleRow = Schemas['RuleRow'];

export function getSources(): Promise<SourcesPage> {
  return apiGet<SourcesPage>('managesources/getSources');
}

export function getSource(id: string): Promise<SourcePage> {
  return apiGet<SourcePage>(`managesources/getSource/${encodeURIComponent(id)}`);
}

export function saveSource(fields: { id?: number; source: string; medium: string }): Promise<{ id: number }> {
  return apiPost(fields.id ? 'managesources/updateSource' : 'managesources/insertSource', fields);
}

export function deleteSource(id: number): Promise<{ success: boolean }> {
  return apiPost('managesources/deleteSource', { id });
}

export interface RuleFields {
  id?: number;
  sourceId: number;
  field: string;
  op: string;
  value: string;
}

export function saveRule(fields: RuleFields): Promise<{ id: number }> {
  const { id, ...rest } = fields;
  return id ? apiPost('managesources/updateRule', { id, ...rest }) : apiPost('managesources/insertRule', rest);
}

export function deleteRule(id: number): Promise<{ success: boolean }> {
  return apiPost('managesources/deleteRule', { id });
}

export function moveRule(id: number, direction: 'up' | 'down'): Promise<{ success: boolean }> {
  return apiPost('managesources/moveRule', { id, direction });
}

export function updateSettings(paidOverrides: boolean): Promise<{ paidOverrides: boolean }> {
  return apiPost('managesources/updateSettings', { paidOverrides: paidOverrides ? '1' : '0' });
}

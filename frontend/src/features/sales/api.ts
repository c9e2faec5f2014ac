// /customdimensions (issue 36, docs/custom-dimensions-api.md): the account's own fields on calls.
import { apiGet, apiPost } from '../../lib/api';
import type { components } from '../../lib/api-schema.gen';

type Schemas = components['schemas'];
export type DimensionsPage = Schemas['DimensionsPage'];
export type DimensionView = Schemas['DimensionView'];
export type CallDimensions = Schemas['CallDimensions'];
export type CallDimensionField = Schemas['CallDimensionField'];

/** The definition form's values, as posted. */
export interface DimensionValues {
  name: string;
  kind: string;
  choices: string;
}

export function getDimensions(): Promise<DimensionsPage> {
  return apiGet<DimensionsPage>('customdimensions/getDimensions');
}

export function saveDimension(id: number | null, v: DimensionValues): Promise<{ id: number }> {
  return apiPost(id === null ? 'customdimensions/addDimension' : `customdimensions/editDimension/${id}`, {
    form_name: v.name,
    form_kind: v.kind,
    form_choices: v.choices,
  });
}

export function deleteDimension(id: number): Promise<{ success: boolean }> {
  return apiPost(`customdimensions/deleteDimension/${id}`, {});
}

export function getCallDimensions(callId: number): Promise<CallDimensions> {
  return apiGet<CallDimensions>(`customdimensions/getCallDimensions/${callId}`);
}

/** Sets (or, with '', clears) a call's value; the call's values after. */
export function setCallDimension(callId: number, dimensionId: number, value: string): Promise<CallDimensions> {
  return apiPost<CallDimensions>(`customdimensions/setCallDimension/${callId}`, {
    form_dimension_id: dimensionId,
    form_value: value,
  });
}

export type TrackSalesPage = Schemas['TrackSalesPage'];
export type RevenueLine = Schemas['RevenueLine'];

/** tracksales/getSales: the matching settings and the period's sales (query: preset, from, to). */
export function getTrackSales(query: string): Promise<TrackSalesPage> {
  return apiGet<TrackSalesPage>(`tracksales/getSales?${query}`);
}

/** tracksales/saveMatching: saves how sales are matched; every sale is matched again. */
export function saveMatching(matchBy: string, matchDays: string): Promise<{ matched: number }> {
  return apiPost('tracksales/saveMatching', { form_match_by: matchBy, form_match_days: matchDays });
}

// /conversions (docs/conversions-api.md): conversion actions sent to the ad platforms
// and their upload logs.
import { apiGet, apiPost } from '../../../lib/api';
import type { components } from '../../../lib/api-schema.gen';

type Schemas = components['schemas'];
export type ConversionsPage = Schemas['ConversionsPage'];
export type ActionView = Schemas['ActionView'];
export type ConversionDetail = Schemas['ConversionDetail'];
export type UploadView = Schemas['UploadView'];

/** The conversion form's values, as posted and as an action's `form` holds them. */
export interface ConversionValues {
  name: string;
  platform: string;
  value: string;
  minDuration: string;
  outcome: string;
  sourceMedium: string;
  tag: string;
  active: string;
}

export function getConversions(): Promise<ConversionsPage> {
  return apiGet<ConversionsPage>('conversions/getConversions');
}

export function getConversion(id: string, page: number): Promise<ConversionDetail> {
  return apiGet<ConversionDetail>(`conversions/getConversion/${encodeURIComponent(id)}?page=${page}`);
}

export function saveConversion(id: number | null, v: ConversionValues): Promise<{ id: number }> {
  return apiPost(id === null ? 'conversions/addConversion' : `conversions/editConversion/${id}`, {
    form_name: v.name,
    form_platform: v.platform,
    form_value: v.value,
    form_min_duration: v.minDuration,
    form_outcome: v.outcome,
    form_source_medium: v.sourceMedium,
    form_tag: v.tag,
    form_active: v.active,
  });
}

export function deleteConversion(id: number): Promise<{ success: boolean }> {
  return apiPost(`conversions/deleteConversion/${id}`, {});
}

export function retryUpload(id: number): Promise<{ success: boolean }> {
  return apiPost(`conversions/retryUpload/${id}`, {});
}

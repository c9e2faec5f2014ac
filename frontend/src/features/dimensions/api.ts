// /customdimensions (docs/dimensions-api.md): the account's own fields on calls.
import { apiGet, apiPost } from '../../lib/api';
import type { components } from '../../lib/api-schema.gen';

type Schemas = components['schemas'];
export type DimensionsPage = Schemas['DimensionsPage'];
export type DimensionView = Schemas['DimensionView'];

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

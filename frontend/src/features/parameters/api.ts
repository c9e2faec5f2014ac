// Captured URL parameters (docs/pools-parameters-api.md), typed from the generated contract.
import { apiGet, apiPost } from '../../lib/api';
import type { components } from '../../lib/api-schema.gen';

type Schemas = components['schemas'];
export type ParameterList = Schemas['ParameterList'];
export type ParameterRow = Schemas['ParameterRow'];
export type ParameterValues = Schemas['ParameterValues'];
export type ValueRow = Schemas['ValueRow'];
export type ValueCalls = Schemas['ValueCalls'];
export type ValueCall = ValueCalls['calls'][number];
export type ParameterSaved = Schemas['ParameterSaved'];

export function getParameters(): Promise<ParameterList> {
  return apiGet<ParameterList>('parameters/getParameters');
}

export function addParameter(parameter: string): Promise<ParameterSaved> {
  return apiPost<ParameterSaved>('parameters/addParameter', { parameter });
}

export function removeParameter(parameter: string): Promise<ParameterSaved> {
  return apiPost<ParameterSaved>('parameters/removeParameter', { parameter });
}

export function getValues(parameter: string): Promise<ParameterValues> {
  return apiGet<ParameterValues>(`parameters/getValues?parameter=${encodeURIComponent(parameter)}`);
}

/** A page (from 1) of a value's calls, newest first. */
export function getValueCalls(parameter: string, value: string, page: number): Promise<ValueCalls> {
  const query = new URLSearchParams({ parameter, value, page: String(page) });
  return apiGet<ValueCalls>(`parameters/getCalls?${query.toString().replace(/\+/g, '%20')}`);
}

/** The app's path of a parameter's page, and of a value's. */
export const parameterPath = (parameter: string) => `/parameter/${encodeURIComponent(parameter)}`;
export const valuePath = (parameter: string, value: string) =>
  `${parameterPath(parameter)}/${encodeURIComponent(value)}`;

// The routing rows of docs/routing-api.md: the list, its export and the two connect posts (basic and advanced). Every row field carries its explicit [i] index.
import type { TableQuery } from '../../../components/DataTable';
import type { AdvancedRow, RoutingRow as DomainRoutingRow } from '../../../domain/routing';
import { apiFile, apiGet, apiPost, type FormFields } from '../../../lib/api';
import type { components } from '../../../lib/api-schema.gen';
import { attributionValue } from './extras';

type Schemas = components['schemas'];

export type RowKind = 'static' | 'dynamic';

/** A row's kind from the answer's type ('static' or 'dynamic'). */
export function rowKind(type: string): RowKind {
  return type === 'dynamic' ? 'dynamic' : 'static';
}

/** The domain's RoutingRow of an answer's row (the same fields, its type as a RowKind). */
export function domainRow(row: RoutingRow): DomainRoutingRow {
  return { ...row, type: rowKind(row.type) };
}

/**
 * A static number or a dynamic pool with its routing (docs/routing-api.md "Routing rows"): type
 * 'static' or 'dynamic'; numberPool the number (digits) of a static row, the pool name of a
 * dynamic one; planId, the audio ids and the attribution ids 0 when none (a row has attributionId
 * or attributionDtmfIvrId); destination the basic destination number, '' when none; the flags 0 / 1.
 */
export type RoutingRow = Schemas['RoutingRow'];

/** One row of the CSV export (destination: the basic number, else the plan). */
export type ExportRow = Schemas['ExportRow'];

export async function getNumbersList(): Promise<RoutingRow[]> {
  const answer = await apiGet<NumbersPage | null>('manageconnections/getNumbersList');
  return answer?.numbers ?? [];
}

/** One page of the list and how many rows match the search (total). */
export type NumbersPage = Schemas['NumbersPage'];

/** The list's parameters for a table query (docs/routing-api.md "Routing rows"). */
function listParams(query: TableQuery): URLSearchParams {
  return new URLSearchParams({
    page: String(query.page + 1),
    pageSize: String(query.pageSize),
    search: query.search,
    sort: query.sort.column,
    direction: query.sort.direction,
  });
}

/** One page of the list, searched and sorted by the server. */
export async function getNumbersPage(query: TableQuery): Promise<NumbersPage> {
  const answer = await apiGet<NumbersPage | null>(`manageconnections/getNumbersList?${listParams(query)}`);
  return { numbers: answer?.numbers ?? [], total: answer?.total ?? 0 };
}

/** Every row matching the query's search, in its order, as the CSV file the server streams. */
export function exportNumbersCsv(query: TableQuery): Promise<Blob> {
  return apiFile(`manageconnections/exportNumbersCsv?${listParams({ ...query, page: 0 })}`);
}

export async function getNumbersListForExport(): Promise<ExportRow[]> {
  const answer = await apiGet<Schemas['ExportRows'] | null>('manageconnections/getNumbersListForExport');
  return answer?.numbers ?? [];
}

/** A row of the basic connect form. */
export interface BasicConnectRow {
  id: number;
  kind: RowKind;
  numberPool: string;
  planId: number;
  description: string;
  destination: string;
  recording: boolean;
}

/** The id field of row i: form_number_id for a static number, form_number_set_id for a pool. */
function idField(kind: RowKind, i: number): string {
  return kind === 'static' ? `form_number_id[${i}]` : `form_number_set_id[${i}]`;
}

export function connectBasicFields(rows: readonly BasicConnectRow[]): FormFields {
  const fields: FormFields = {};
  rows.forEach((row, i) => {
    fields[`form_description[${i}]`] = row.description;
    fields[idField(row.kind, i)] = row.id;
    fields[`form_destination_number[${i}]`] = row.destination;
    fields[`form_plan_id[${i}]`] = row.planId;
    fields[`form_pool_name[${i}]`] = row.kind === 'dynamic' ? row.numberPool : '';
    if (row.recording) fields[`form_recording_flag[${i}]`] = 1;
  });
  return fields;
}

export async function connectBasic(rows: readonly BasicConnectRow[]): Promise<boolean> {
  const answer = await apiPost<Schemas['Done'] | null>('manageconnections/connectBasic/', connectBasicFields(rows));
  return answer?.success === true;
}

/** A row of the advanced connect form (the domain's AdvancedRow plus what identifies the row). */
export interface AdvancedConnectRow {
  id: number;
  kind: RowKind;
  numberPool: string;
  description: string;
  /** 0 disconnects. */
  servicePlan: number;
  recording: boolean;
  intro: number;
  whisper: number;
  dynamicWhisper: number;
  postUrl: string;
  /** The post call agent attribution: a DTMF plan or (the other 0) a DTMF IVR. */
  dtmf: number;
  dtmfIvr: number;
  midCallFlag: boolean;
  midCallAudio: string;
  midCallDivert: boolean;
  /** The phone a row without a service plan rings (basic routing), kept until a plan is chosen; not sent. */
  basicDestination?: string;
}

/** The domain's AdvancedRow of a form row: what validateConnectAdvanced checks. */
export function advancedDomainRow(row: AdvancedConnectRow): AdvancedRow {
  return {
    kind: row.kind,
    description: row.description,
    servicePlan: row.servicePlan,
    recording: row.recording,
    intro: row.intro,
    whisper: row.whisper,
    dynamicWhisper: row.dynamicWhisper,
    postUrl: row.postUrl,
    dtmf: row.dtmf,
    dtmfIvr: row.dtmfIvr,
    midCallFlag: row.midCallFlag,
    midCallAudio: row.midCallAudio,
    midCallDivert: row.midCallDivert,
  };
}

export function advancedRowFrom(row: RoutingRow): AdvancedConnectRow {
  return {
    id: row.id,
    kind: rowKind(row.type),
    numberPool: row.numberPool,
    description: row.description ?? '',
    servicePlan: row.planId ?? 0,
    recording: row.callRecording === 1,
    intro: row.introAudio ?? 0,
    whisper: row.whisperAudio ?? 0,
    dynamicWhisper: row.dynamicWhisperAudio ?? 0,
    postUrl: row.postUrl ?? '',
    dtmf: row.attributionId ?? 0,
    dtmfIvr: row.attributionDtmfIvrId ?? 0,
    midCallFlag: row.midCallAttribution === 1,
    midCallAudio: row.midCallAudio || 'None',
    midCallDivert: row.midCallDivert === 1,
    basicDestination: row.planId ? '' : (row.destination ?? ''),
  };
}

export function connectAdvancedFields(rows: readonly AdvancedConnectRow[]): FormFields {
  const fields: FormFields = {};
  rows.forEach((row, i) => {
    fields[`form_description[${i}]`] = row.description;
    fields[idField(row.kind, i)] = row.id;
    fields[`form_service_plan[${i}]`] = row.servicePlan;
    if (row.recording) fields[`form_recording_flag[${i}]`] = 1;
    fields[`form_intro[${i}]`] = row.intro;
    fields[`form_whisper[${i}]`] = row.whisper;
    fields[`form_post_url[${i}]`] = row.postUrl;
    fields[`form_dtmf[${i}]`] = attributionValue(row);
    fields[`form_midcall_flag[${i}]`] = row.midCallFlag ? 1 : 0;
    fields[`form_midcall_audio[${i}]`] = row.midCallAudio;
    fields[`form_mid_call_divert_flag[${i}]`] = row.midCallDivert ? 1 : 0;
    fields[`form_dynamic_whisper[${i}]`] = row.dynamicWhisper;
  });
  return fields;
}

export async function connectAdvanced(rows: readonly AdvancedConnectRow[]): Promise<boolean> {
  const answer = await apiPost<Schemas['Done'] | null>(
    'manageconnections/connectAdvanced/',
    connectAdvancedFields(rows),
  );
  return answer?.success === true;
}

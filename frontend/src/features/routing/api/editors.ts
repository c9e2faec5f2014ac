// The calls of the routing editors (docs/routing-api.md): service plans, destination plans,
// destination numbers, queues, audio, voicemail, and the issue-4 lists the selectors show.
import { ADMIN_HEADER, ApiError, apiGet, apiPost, loginUrl, type FormFields } from '../../../lib/api';
import type { components } from '../../../lib/api-schema.gen';

// ---- Shapes (the generated contract's answers) --------------------------------------------

type Schemas = components['schemas'];

/** A record of a selector list: its id and description. */
export type Described = Schemas['RoutingChoice'];

/** A service plan in the selector; the list starts with { id: 0, description: '-- Disconnect --' }. */
export type ServicePlanOption = Schemas['RoutingPlanOption'];

/** One row of get_routing_data's plan.times (planType 'routing' or 'ivr'). */
export type PlanTimeAnswer = Schemas['StoredPlanTime'];

/** A number (NumbNGNumber) or pool (VlnsDescription) a shared record reaches. */
export type AffectedItem = Schemas['AffectedNumber'];

export type RoutingData = Schemas['RoutingData'];

/** A destination plan in the selector; planType 1 is multi-dial. */
export type DestinationPlanOption = Schemas['DestinationPlanOption'];

export type DestinationPlanDetails = Schemas['DestinationPlanDetails'];

/** A destination number; mailbox 1 when the number has a voicemail box. */
export type DestinationNumber = Schemas['DestinationNumberOption'];

export type InternationalCode = Schemas['DestinationInternationalCode'];

export type DestinationNumbers = Schemas['DestinationNumberList'];

export type Queue = Schemas['QueueView'];

export type AudioOption = Schemas['CustomerAudio'];

export type AudioRow = Schemas['AudioListRow'];

export type AffectedLocation = Schemas['AudioLocation'];

export type Voicemail = Schemas['VoicemailView'];

/** An in-call attribution plan in the selector (the list's id and description). */
export type AttributionOption = Described;

/** The DTMF plans and the DTMF IVRs (the IVRs' ids 'IVR_{id}'). */
export type AttributionOptions = Schemas['AttributionOptions'];

/** The answer of the library saves (destination numbers, queues, audio, voicemail). */
type Saved = Schemas['LibrarySaved'];

/** The id of a save answer, or an error when the answer is not a success. */
function savedId(answer: Saved | null): number {
  const id = Number(answer?.id);
  if (answer?.success === false || !Number.isFinite(id) || id <= 0) throw new Error('The save gave no id');
  return id;
}

/** Ids arrive as numbers; tolerate numeric strings and nulls from older rows. */
export function toId(value: unknown): number {
  const id = Number(value);
  return Number.isFinite(id) && id > 0 ? id : 0;
}

// ---- Service plans ------------------------------------------------------------------------

export async function getServicePlansList(): Promise<ServicePlanOption[]> {
  const answer = await apiGet<Schemas['RoutingPlanOptions'] | null>('manageconnections/getServicePlansList');
  return (answer?.plans ?? []).map((plan) => ({ id: toId(plan.id), description: plan.description }));
}

export function getRoutingData(id: number, rowIds: number[]): Promise<RoutingData> {
  return apiPost<RoutingData>('manageconnections/get_routing_data', {
    id,
    'provisioning_numbers[]': rowIds,
  });
}

export async function createPlan(fields: FormFields): Promise<{ id: number; description: string }> {
  const answer = await apiPost<Schemas['PlanCreatedAnswer'] | null>(
    'manageconnections/create_plan',
    fields,
  );
  const id = toId(answer?.data?.id);
  if (answer?.success === false || id === 0) throw new Error('create_plan gave no id');
  return { id, description: answer?.data?.description ?? '' };
}

export async function updatePlan(fields: FormFields): Promise<number> {
  const answer = await apiPost<Schemas['PlanUpdated'] | null>('manageconnections/update_plan', fields);
  if (answer?.success === false) throw new Error('update_plan failed');
  return toId(answer?.id) || toId(fields.form_record_id);
}

// ---- Destination plans --------------------------------------------------------------------

export async function getRoutings(): Promise<DestinationPlanOption[]> {
  const answer = await apiGet<Schemas['DestinationPlanList'] | null>('manageroutings/getRoutings/');
  return (answer?.routings ?? []).map((r) => ({ id: toId(r.id), description: r.description, planType: Number(r.planType) === 1 ? 1 : 0 }));
}

export function getDestinationPlanDetails(id: number): Promise<DestinationPlanDetails> {
  return apiGet<DestinationPlanDetails>(`manageconnections/getDestinationPlanDetails/${id}`);
}

/** manageroutings/save/{id}: id 0 creates. Resolves with the plan's id (rogrId). */
export async function saveDestinationPlan(id: number, fields: FormFields): Promise<number> {
  const answer = await apiPost<Schemas['DestinationPlanSaved'] | null>(`manageroutings/save/${id}`, fields);
  const saved = toId(answer?.rogrId) || (answer?.success === true ? id : 0);
  if (answer?.success === false || saved === 0) throw new Error('manageroutings/save gave no id');
  return saved;
}

// ---- Destination numbers ------------------------------------------------------------------

export async function getDestinationNumbers(): Promise<DestinationNumbers> {
  const answer = await apiGet<DestinationNumbers | null>('manageconnections/getDestinationNumbers/');
  return {
    destinations: (answer?.destinations ?? []).map((d) => ({ ...d, id: toId(d.id), mailbox: Number(d.mailbox) === 1 ? 1 : 0 })),
    internationalCodes: (answer?.internationalCodes ?? []).map((c) => ({ ...c, id: toId(c.id), code: String(c.code) })),
  };
}

export async function storeDestinationNumber(fields: FormFields): Promise<number> {
  return savedId(await apiPost<Saved | null>('manageterms/storeDestinationNumber', fields));
}

export async function updateDestinationNumber(fields: FormFields): Promise<number> {
  const answer = await apiPost<Saved | null>('manageterms/updateDestinationNumber', fields);
  if (answer?.success === false) throw new Error('updateDestinationNumber failed');
  return toId(answer?.id) || toId(fields.form_record_id);
}

// ---- Queues -------------------------------------------------------------------------------

export async function getQueues(): Promise<Queue[]> {
  const answer = await apiGet<Schemas['QueueList'] | null>('manageconnections/getQueues/');
  return (answer?.queues ?? []).map((q) => ({ ...q, id: toId(q.id) }));
}

/** queues/save/{id}: id 0 creates. */
export async function saveQueue(id: number, fields: FormFields): Promise<number> {
  return savedId(await apiPost<Saved | null>(`queues/save/${id}`, fields));
}

// ---- Audio --------------------------------------------------------------------------------

export async function getCustomerAudios(): Promise<AudioOption[]> {
  const answer = await apiGet<Schemas['CustomerAudioList'] | null>('manageconnections/getCustomerAudios');
  return (answer?.audios ?? []).map((a) => ({ id: toId(a.id), description: a.description }));
}

export async function getAudioList(): Promise<AudioRow[]> {
  const answer = await apiGet<Schemas['AudioList'] | null>('manageaudios/getAudioList');
  return (answer?.audioList ?? []).map((a) => ({
    ...a,
    AudiID: toId(a.AudiID),
    AudiFilename: a.AudiFilename ?? '',
    AudiSentence: a.AudiSentence ?? '',
  }));
}

export async function getAffectedLocations(audioIds: number[]): Promise<AffectedLocation[]> {
  const answer = await apiPost<Schemas['AudioLocationList'] | null>('manageaudios/getAffectedLocations', {
    'form_audio_id[]': audioIds,
  });
  return answer?.list ?? [];
}

/** Soft-deletes the audio; `key` is the single-use key of handleajax/confirmPassword. */
export async function bulkSoftDelete(audioIds: number[], key: string): Promise<void> {
  const answer = await apiPost<Schemas['Done'] | null>('manageaudios/bulkSoftDelete', { 'form_audio_id[]': audioIds, key });
  if (answer?.success !== true) throw new Error('bulkSoftDelete failed');
}

/** Resolves when the description is free; rejects with an ApiError (422: taken) otherwise. */
export async function checkAudioDescription(id: number, description: string): Promise<void> {
  await apiPost<Schemas['Done'] | null>(`manageaudios/checkAudioDescription/${id}`, { form_description: description });
}

export interface AudioUpload {
  file: File | null;
  description: string;
  sentence: string;
}

function audioForm({ file, description, sentence }: AudioUpload, recordId?: number): FormData {
  const form = new FormData();
  if (file) form.append('form_file', file, file.name);
  form.append('form_description', description);
  form.append('form_audio_sentence', sentence);
  if (recordId !== undefined) form.append('form_record_id', String(recordId));
  return form;
}

export async function addAudio(upload: AudioUpload): Promise<number> {
  return savedId(await apiPost<Saved | null>('manageaudios/addAudio/', audioForm(upload)));
}

export async function updateAudio(id: number, upload: AudioUpload): Promise<number> {
  const answer = await apiPost<Saved | null>('manageaudios/updateAudio/', audioForm(upload, id));
  if (answer?.success === false) throw new Error('updateAudio failed');
  return toId(answer?.id) || id;
}

/** The bytes of an /api file answer (the audio player and download need the admin header too). */
export async function apiBlob(path: string): Promise<Blob> {
  const response = await fetch(`/api/${path.replace(/^\/+/, '')}`, {
    method: 'GET',
    headers: { [ADMIN_HEADER]: '1' },
    credentials: 'same-origin',
  });
  if (response.status === 401) {
    window.location.assign(loginUrl());
    return new Promise<Blob>(() => {});
  }
  if (!response.ok) throw new ApiError(response.status, null);
  return response.blob();
}

export function getAudioBlob(fileName: string): Promise<Blob> {
  return apiBlob(`manageconnections/getAudio/${encodeURIComponent(fileName)}`);
}

export function downloadAudioBlob(fileName: string, name: string): Promise<Blob> {
  return apiBlob(`manageconnections/downloadAudio/${encodeURIComponent(fileName)}/${encodeURIComponent(name)}.wav`);
}

// ---- Voicemail ----------------------------------------------------------------------------

export async function getVoicemails(): Promise<Voicemail[]> {
  const answer = await apiGet<Schemas['VoicemailList'] | null>('managevoicemails/getList');
  return (answer?.voicemails ?? []).map((v) => ({ id: toId(v.id), description: v.description, audioId: toId(v.audioId) }));
}

export async function getVoicemail(id: number): Promise<{ description: string; audioId: number }> {
  const answer = await apiGet<Voicemail | null>(`managevoicemails/get/${id}`);
  return { description: answer?.description ?? '', audioId: toId(answer?.audioId) };
}

function voicemailFields(id: number, description: string, audioId: number): FormFields {
  return { description, audioId, voicemailId: id, form_record_id: id };
}

export async function storeVoicemail(description: string, audioId: number): Promise<number> {
  return savedId(await apiPost<Saved | null>('managevoicemails/store/', voicemailFields(0, description, audioId)));
}

export async function updateVoicemail(id: number, description: string, audioId: number): Promise<number> {
  const answer = await apiPost<Saved | null>(`managevoicemails/update/${id}`, voicemailFields(id, description, audioId));
  if (answer?.success === false) throw new Error('managevoicemails/update failed');
  return toId(answer?.id) || id;
}

// ---- The simpler editors' lists (IVRs: api/ivrs.ts) -----------------------------------------------------

export async function getInCallAttribution(): Promise<AttributionOption[]> {
  const answer = await apiGet<Schemas['InCallAttributions'] | null>('manageconnections/getInCallAttribution/');
  return (answer?.attributions ?? []).map((a) => ({ id: toId(a.id), description: a.description }));
}

export async function getAttributionOptions(): Promise<AttributionOptions> {
  const answer = await apiGet<AttributionOptions | null>('manageconnections/getAttributionOptions');
  return { dtmfs: answer?.dtmfs ?? [], dtmfIvrs: answer?.dtmfIvrs ?? [] };
}

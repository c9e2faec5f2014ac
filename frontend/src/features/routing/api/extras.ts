// The calls of the simpler issue-4 editors (docs/routing-api.md "Part 2"): call
// categories, report groups and secondary report groups, in-call attribution plans, DTMF plans
// and DTMF IVRs, dynamic whispers and their text to speech.
import type { DtmfIvrForm, DtmfPlanForm, InCallAttributionForm } from '../../../domain';
import { apiGet, apiPost, type FormFields } from '../../../lib/api';
import type { components } from '../../../lib/api-schema.gen';
import { toId, type Described } from './editors';

// ---- Shapes -------------------------------------------------------------------------------

type Schemas = components['schemas'];

/** An in-call attribution plan, its values as the server sends them (strings). */
export type InCallAttribution = Schemas['InCallAttributionView'];

/**
 * One choice of the post call agent attribution: a DTMF plan (value its id) or a DTMF IVR
 * (value 'IVR_{id}').
 */
export interface AttributionChoice {
  /** The wire id: '5' or 'IVR_3'. */
  value: string;
  /** The record's own id. */
  id: number;
  description: string;
  kind: 'dtmf' | 'dtmfIvr';
}

/** A post call agent attribution: a DTMF plan or a DTMF IVR (the other 0), or neither. */
export interface Attribution {
  dtmf: number;
  dtmfIvr: number;
}

/** The option value and form_dtmf field of an attribution: '0' (none), the plan id, or 'IVR_{id}'. */
export function attributionValue({ dtmf, dtmfIvr }: Attribution): string {
  return dtmfIvr > 0 ? `IVR_${dtmfIvr}` : String(dtmf);
}

/** The attribution an option value ('0', '12', 'IVR_3') names. */
export function attributionOf(value: string): Attribution {
  const ivr = /^IVR_(\d+)$/.exec(value);
  return ivr ? { dtmf: 0, dtmfIvr: Number(ivr[1]) } : { dtmf: Number(value) || 0, dtmfIvr: 0 };
}

export type ReportGroupKind = 'primary' | 'secondary';

/** The numbers and pools a report group's change reaches (the answer's affectedPoolsAndNumbers, as text). */
export interface AffectedPoolsAndNumbers {
  numbers: string[];
  pools: string[];
}

/** One source / medium row of a dynamic whisper; its id is the source / medium's (sourceMediumID[]). */
export type WhisperRow = Schemas['WhisperSourceView'];

/** A dynamic whisper as the dialog edits it: the answer's description and sources. */
export interface DynamicWhisperDetails extends Pick<Schemas['DynamicWhisperView'], 'description' | 'sources'> {
  /** The pools using the whisper, other than the one being edited (the answer's descriptions). */
  affectedPools: string[];
}

/** The answer of the category, in-call attribution, DTMF IVR and dynamic whisper saves. */
type Saved = Schemas['RoutingSaved'];

/** The id of a save answer, or an error when the answer is not a success. */
function savedId(answer: Saved | null, fallback = 0): number {
  const id = toId(answer?.id) || fallback;
  if (answer?.success === false || id === 0) throw new Error('The save gave no id');
  return id;
}

const text = (value: unknown): string => (value === null || value === undefined ? '' : String(value));

// ---- Call categories ----------------------------------------------------------------------

export async function getCategories(): Promise<Described[]> {
  const answer = await apiGet<Schemas['CategoryList'] | null>('manageroutings/getCategories');
  return (answer?.categories ?? []).map((c) => ({ id: toId(c.id), description: text(c.description) }));
}

/** managecallcategories/createNew or updateExisting (id > 0). Resolves with the category's id. */
export async function saveCategory(id: number, description: string): Promise<number> {
  if (id > 0) {
    const answer = await apiPost<Saved | null>('managecallcategories/updateExisting', {
      form_record_id: id,
      form_description: description,
    });
    return savedId(answer, id);
  }
  return savedId(await apiPost<Saved | null>('managecallcategories/createNew', { form_description: description }));
}

// ---- Report groups ------------------------------------------------------------------------

const reportGroupArea = (kind: ReportGroupKind) =>
  kind === 'primary' ? 'managereportgroup' : 'managesecondaryreportgroup';

export async function getReportGroups(kind: ReportGroupKind): Promise<Described[]> {
  const answer = await apiGet<Schemas['ReportGroupList'] | null>(`${reportGroupArea(kind)}/getReportGroups`);
  return (answer?.reportGroups ?? []).map((g) => ({ id: toId(g.id), description: text(g.description) }));
}

export const getPrimaryReportGroups = () => getReportGroups('primary');
export const getSecondaryReportGroups = () => getReportGroups('secondary');

/** addReportGroup or updateReportGroup (id > 0): the group's id and what the change reaches. */
export async function saveReportGroup(
  kind: ReportGroupKind,
  id: number,
  description: string,
): Promise<{ id: number; affected: AffectedPoolsAndNumbers }> {
  const area = reportGroupArea(kind);
  const answer =
    id > 0
      ? await apiPost<Schemas['ReportGroupSaved'] | null>(`${area}/updateReportGroup`, {
          form_id: id,
          form_description: description,
        })
      : await apiPost<Schemas['ReportGroupSaved'] | null>(`${area}/addReportGroup`, {
          form_description: description,
        });
  const affected = answer?.affectedPoolsAndNumbers;
  return {
    id: savedId(answer, id),
    affected: {
      numbers: (affected?.numbers ?? []).map((n) => text(n.NumbNGNumber)).filter(Boolean),
      pools: (affected?.number_sets ?? []).map((p) => text(p.VlnsDescription)).filter(Boolean),
    },
  };
}

// ---- In-call attribution ------------------------------------------------------------------

export async function getInCallAttributions(): Promise<InCallAttribution[]> {
  const answer = await apiGet<Schemas['InCallAttributions'] | null>(
    'manageconnections/getInCallAttribution/',
  );
  return (answer?.attributions ?? []).map((a) => ({
    id: toId(a.id),
    description: text(a.description),
    active: text(a.active),
    attributionType: text(a.attributionType),
    terminator: text(a.terminator),
    delayBefore: text(a.delayBefore),
    delayAfter: text(a.delayAfter),
  }));
}

/** managedtmf/saveInCall/{id}: id 0 creates (and saves as new). */
export async function saveInCallAttribution(id: number, form: InCallAttributionForm): Promise<number> {
  const answer = await apiPost<Saved | null>(`managedtmf/saveInCall/${id}`, {
    form_description: form.description,
    form_active_flag: form.active,
    form_transfer_type: form.attributionType,
    form_terminator: form.terminator,
    form_delay_before: form.delayBefore,
    form_delay_after: form.delayAfter,
  });
  return savedId(answer, id);
}

// ---- DTMF plans and DTMF IVRs -------------------------------------------------------------

/** The DTMF plans, then the DTMF IVRs (ids 'IVR_{id}'). */
export async function getAttributionChoices(): Promise<AttributionChoice[]> {
  const answer = await apiGet<Schemas['AttributionOptions'] | null>(
    'manageconnections/getAttributionOptions',
  );
  const plans = (answer?.dtmfs ?? []).map(
    (plan): AttributionChoice => ({
      value: attributionValue({ dtmf: toId(plan.id), dtmfIvr: 0 }),
      id: toId(plan.id),
      description: text(plan.description),
      kind: 'dtmf',
    }),
  );
  const ivrs = (answer?.dtmfIvrs ?? []).map((ivr): AttributionChoice => {
    const id = toId(text(ivr.id).replace(/^IVR_/, ''));
    return { value: attributionValue({ dtmf: 0, dtmfIvr: id }), id, description: text(ivr.description), kind: 'dtmfIvr' };
  });
  return [...plans, ...ivrs].filter((choice) => choice.id > 0);
}

export async function getDtmfPlan(id: number): Promise<DtmfPlanForm> {
  const answer = await apiPost<Schemas['DtmfPlanAnswer'] | null>('managedtmf/editPlan', { id });
  const data = answer?.data;
  if (!data) throw new Error('managedtmf/editPlan gave no plan');
  const n = (value: unknown) => Number(value) || 0;
  return {
    description: text(data.DtmfDescription),
    introAudio: toId(data.DtmfAudiID),
    endAudio: toId(data.DtmfEndAudiID),
    minimumDigits: n(data.DtmfMinLength),
    maximumDigits: n(data.DtmfMaxLength),
    initialTimeout: n(data.DtmfInitialKeyTimeout),
    internalTimeout: n(data.DtmfInterKeyTimeout),
    skipAudio: n(data.DtmfSkipAudioFlag) === 1,
  };
}

/** managedtmf/create or managedtmf/update (id > 0). Resolves with the plan's id. */
export async function saveDtmfPlan(id: number, form: DtmfPlanForm): Promise<number> {
  const fields: FormFields = {
    description: form.description,
    introAudio: form.introAudio,
    endAudio: form.endAudio,
    minimumDigits: form.minimumDigits,
    maximumDigits: form.maximumDigits,
    initialTimeout: form.initialTimeout,
    internalTimeout: form.internalTimeout,
    skipAudio: form.skipAudio ? 1 : 0,
  };
  if (id > 0) fields.planId = id;
  const answer = await apiPost<Schemas['DtmfPlanSaved'] | null>(
    id > 0 ? 'managedtmf/update' : 'managedtmf/create',
    fields,
  );
  const saved = toId(answer?.planId) || id;
  if (answer?.success === false || saved === 0) throw new Error('The DTMF plan save gave no id');
  return saved;
}

export async function getDtmfIvr(id: number): Promise<DtmfIvrForm> {
  const answer = await apiGet<Schemas['DtmfIvrAnswer'] | null>(`managedtmf/getIvr/${id}`);
  if (!answer?.ivr) throw new Error('managedtmf/getIvr gave no IVR');
  return {
    description: text(answer.ivr.description),
    introAudioId: toId(answer.ivr.introAudioId),
    endAudioId: toId(answer.ivr.endAudioId),
    keys: (answer.ivrKeys ?? []).map((key) => ({
      description: text(key.description),
      categoryId: toId(key.categoryId),
      dtmfId: toId(key.dtmfId),
    })),
  };
}

/** managedtmf/storeIvr/{id or 0}: the keys replace the stored ones. Resolves with the id. */
export async function storeDtmfIvr(id: number, form: DtmfIvrForm): Promise<number> {
  const answer = await apiPost<Saved | null>(`managedtmf/storeIvr/${id}`, {
    description: form.description,
    introAudioId: form.introAudioId,
    endAudioId: form.endAudioId,
    'keyDescription[]': form.keys.map((key) => key.description),
    'keyCategoryId[]': form.keys.map((key) => key.categoryId),
    'keyDtmfId[]': form.keys.map((key) => key.dtmfId),
  });
  return savedId(answer, id);
}

// ---- Dynamic whispers ---------------------------------------------------------------------

export async function getDynamicWhispers(): Promise<Described[]> {
  const answer = await apiGet<Schemas['DynamicWhisperList'] | null>('managedynamicwhispers/getDynamicWhispersList');
  return (answer?.dynamicWhispers ?? []).map((w) => ({ id: toId(w.id), description: text(w.description) }));
}

/** The whisper (id 0: a blank one) with every source / medium; poolId 0: no pool being edited. */
export async function getDynamicWhisper(id: number, poolId: number): Promise<DynamicWhisperDetails> {
  const answer = await apiGet<Schemas['DynamicWhisperView'] | null>(`managedynamicwhispers/get/${id}/${poolId}`);
  return {
    description: text(answer?.description),
    sources: (answer?.sources ?? []).map((s) => ({
      id: toId(s.id),
      source: text(s.source),
      medium: text(s.medium),
      whisper: text(s.whisper),
    })),
    affectedPools: (answer?.affectedPools ?? []).map((p) => text(p.description)).filter(Boolean),
  };
}

/** managedynamicwhispers/save/{id}: id 0 creates; only non-empty whispers are kept. */
export async function saveDynamicWhisper(id: number, description: string, rows: WhisperRow[]): Promise<number> {
  const answer = await apiPost<Saved | null>(`managedynamicwhispers/save/${id}`, {
    description,
    'sourceMediumID[]': rows.map((row) => row.id),
    'dynamicWhisper[]': rows.map((row) => row.whisper),
    form_record_id: id,
  });
  return savedId(answer, id);
}

/** The whisper spoken by the server's speech engine: a data: URL of the mp3. */
export async function playTextToSpeech(whisperText: string): Promise<string> {
  const answer = await apiPost<Schemas['SpokenWhisper'] | null>('managedynamicwhispers/playTextToSpeech', { whisperText });
  const audio = typeof answer?.audio === 'string' ? answer.audio.trim() : '';
  if (audio === '') throw new Error('playTextToSpeech gave no audio');
  return audio.startsWith('data:') ? audio : `data:audio/mpeg;base64,${audio}`;
}

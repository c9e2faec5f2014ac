// The calls of IVR menus and multi-level IVR (docs/ivr-api.md). Answers carry the spec's wire
// shapes (isChild "0"/"1", flags 0/1); the screens work on the domain's IvrForm.
import type { IvrFlow, IvrForm, IvrKey, IvrLibrary, KeyType } from '../../../domain';
import { ApiError, apiGet, apiPost, type FormFields } from '../../../lib/api';
import type { components } from '../../../lib/api-schema.gen';
import { toId, type AffectedItem } from './editors';

// ---- Shapes -------------------------------------------------------------------------------

type Schemas = components['schemas'];

/**
 * An IVR in the selectors: every IVR, child IVRs too (their key rows choose them); the answer's
 * isChild ('0' / '1') read as a boolean.
 */
export interface IvrOption extends Omit<Schemas['IvrOption'], 'isChild'> {
  isChild: boolean;
}

/** The `Ivr` of the answers (isChild '0' / '1', flags 0 / 1). */
export type IvrAnswer = Schemas['IvrView'];

/** An IVR of the IVRs page: top-level or child, and the numbers and pools whose plan reaches it. */
export type IvrSummary = Schemas['IvrSummary'];

export interface IvrDetails {
  form: IvrForm;
  affected: AffectedItem[];
}

/**
 * The multi-level IVR price: the answer's frequency (the billing word: 'month', 'quarter'...),
 * credits and used, its cost read as a number.
 */
export interface MultiIvrCharges extends Omit<Schemas['MultiIvrCharges'], 'cost'> {
  /** Pounds, e.g. 5 (the answer's "5.00"). */
  cost: number;
}

export interface MultiLevelIvr {
  flow: IvrFlow;
  canClone: boolean;
}

export type CloneResult = { ok: true; id: number } | { ok: false; message: string | null };

// ---- Conversions --------------------------------------------------------------------------

const flag = (value: unknown): boolean => value === true || value === 1 || value === '1';
const bit = (value: boolean): 0 | 1 => (value ? 1 : 0);
const KEY_TYPES: readonly KeyType[] = ['routing', 'ivr', 'voicemail'];

/** The domain form of an answer's Ivr. */
export function ivrFormOf(ivr: IvrAnswer): IvrForm {
  return {
    description: ivr.description ?? '',
    introAudio: toId(ivr.introAudio),
    logKeys: flag(ivr.logKeys),
    reportGroupId: toId(ivr.reportGroupId),
    secondaryReportGroupId: toId(ivr.secondaryReportGroupId),
    hasDeadEnd: flag(ivr.hasDeadEnd),
    repeatKey: ivr.repeatKey || 'none',
    defaultKey: ivr.defaultKey ?? '',
    repeatAudio: ivr.repeatAudio === null || ivr.repeatAudio === undefined ? '' : String(ivr.repeatAudio),
    isChild: flag(ivr.isChild),
    options: (ivr.options ?? []).map(
      (option): IvrKey => ({
        key: String(option.key),
        description: option.description ?? '',
        type: KEY_TYPES.includes(option.type) ? option.type : 'routing',
        destinationId: toId(option.destinationId),
        ivrId: toId(option.ivrId),
        voicemailId: toId(option.voicemailId),
        categoryId: toId(option.categoryId),
      }),
    ),
  };
}

/** The createIvr / updateExistingIvr fields of a form (key rows with explicit indexes). */
export function ivrFields(form: IvrForm, extra: { acceptTerms?: boolean; recordId?: number } = {}): FormFields {
  const fields: FormFields = {
    description: form.description,
    audioId: form.introAudio,
    logStrokes: bit(form.logKeys),
    repeatMenu: form.repeatKey,
    defaultKey: form.defaultKey,
    isChildIvr: bit(form.isChild),
    reportGroupId: form.reportGroupId,
    secondaryReportGroupId: form.secondaryReportGroupId,
    hasDeadEnd: bit(form.hasDeadEnd),
    saveFromCallback: 0,
    repeatAudio: form.repeatAudio,
    reportGroupDescription: '',
    secondaryReportGroupDescription: '',
  };
  form.options.forEach((option, i) => {
    fields[`keys[${i}]`] = option.key;
    fields[`keyDescription[${i}]`] = option.description;
    fields[`keyType[${i}]`] = option.type;
    fields[`keyDestination[${i}]`] = option.destinationId;
    fields[`keyIvr[${i}]`] = option.ivrId;
    fields[`keyCategory[${i}]`] = option.categoryId;
    fields[`keyVoicemail[${i}]`] = option.voicemailId;
  });
  if (extra.acceptTerms) fields.acceptTerms = 1;
  if (extra.recordId !== undefined) {
    fields.form_record_id = extra.recordId;
    fields.ivrId = extra.recordId;
  }
  return fields;
}

/**
 * The field messages of a failed IVR save: the 422 `errors`, with `descriptionError` on the
 * description; null for any other failure.
 */
export function ivrSaveErrors(error: unknown): Record<string, string> | null {
  if (!(error instanceof ApiError) || error.status !== 422) return null;
  const body = (error.body ?? {}) as { errors?: unknown; descriptionError?: unknown };
  const errors: Record<string, string> = {};
  if (body.errors && typeof body.errors === 'object') {
    for (const [field, message] of Object.entries(body.errors as Record<string, unknown>)) {
      if (typeof message === 'string') errors[field] = message;
    }
  }
  if (typeof body.descriptionError === 'string' && body.descriptionError) errors.description = body.descriptionError;
  return errors;
}

// ---- manageivrrouting ---------------------------------------------------------------------

/** getIvrList/1: every IVR, child IVRs too. */
export async function getIvrList(): Promise<IvrOption[]> {
  const answer = await apiGet<Schemas['IvrList'] | null>('manageivrrouting/getIvrList/1');
  return (answer?.ivrs ?? []).map((ivr) => ({ id: toId(ivr.id), description: ivr.description, isChild: flag(ivr.isChild) }));
}

/** getIvrOverview: every IVR by description, with the numbers and pools that reach it (the IVRs page). */
export async function getIvrOverview(): Promise<IvrSummary[]> {
  const answer = await apiGet<Schemas['IvrOverview'] | null>('manageivrrouting/getIvrOverview');
  return (answer?.ivrs ?? []).map((ivr) => ({ ...ivr, usedBy: ivr.usedBy ?? [] }));
}

export async function getIvrDetails(id: number): Promise<IvrDetails> {
  const answer = await apiGet<Schemas['IvrDetails'] | null>(`manageivrrouting/getIvrDetails/${id}`);
  if (!answer?.ivr) throw new Error('getIvrDetails gave no IVR');
  return { form: ivrFormOf(answer.ivr), affected: answer.affectedNumbers ?? [] };
}

/** Everything the browser needs to draw flows and follow calls with the domain. */
export async function getIvrLibrary(): Promise<IvrLibrary> {
  const answer = await apiGet<Schemas['Library'] | null>('manageivrrouting/getIvrLibrary');
  return {
    ivrs: answer?.ivrs ?? [],
    destinationPlans: answer?.destinationPlans ?? [],
    voicemails: answer?.voicemails ?? [],
  };
}

function savedIvrId(answer: Schemas['IvrSaved'] | null, fallback = 0): number {
  const id = toId(answer?.ivrId) || fallback;
  if (answer?.success === false || id === 0) throw new Error('The IVR save gave no id');
  return id;
}

/** createIvr/{parent or 0}: a new IVR (a child IVR when added from a key of `parentIvrId`). */
export async function createIvr(form: IvrForm, parentIvrId: number, acceptTerms: boolean): Promise<number> {
  const answer = await apiPost<Schemas['IvrSaved'] | null>(
    `manageivrrouting/createIvr/${parentIvrId}`,
    ivrFields(form, { acceptTerms }),
  );
  return savedIvrId(answer);
}

export async function updateExistingIvr(id: number, form: IvrForm): Promise<number> {
  const answer = await apiPost<Schemas['IvrSaved'] | null>(
    'manageivrrouting/updateExistingIvr/',
    ivrFields(form, { recordId: id }),
  );
  return savedIvrId(answer, id);
}

// ---- managemultilevelivr ------------------------------------------------------------------

export async function getMultiIvrCharges(): Promise<MultiIvrCharges> {
  const answer = await apiGet<Schemas['MultiIvrCharges'] | null>('managemultilevelivr/getMultiIvrCharges');
  const cost = Number(answer?.cost);
  if (!answer || !Number.isFinite(cost) || !answer.frequency) throw new Error('getMultiIvrCharges gave no price');
  return { cost, frequency: answer.frequency, credits: Number(answer.credits) || 0, used: Number(answer.used) || 0 };
}

export async function getMultiLevelIvr(id: number): Promise<MultiLevelIvr> {
  const answer = await apiGet<Schemas['MultiLevelIvr'] | null>(`managemultilevelivr/getMultiLevelIvr/${id}`);
  if (!answer?.ivrFlow) throw new Error('getMultiLevelIvr gave no flow');
  const flow = answer.ivrFlow;
  return {
    flow: {
      nodes: flow.nodes ?? [],
      edges: flow.edges ?? [],
      issues: { loops: flow.issues?.loops ?? [], deadEnds: flow.issues?.deadEnds ?? [] },
    },
    canClone: flag(answer.canClone),
  };
}

/** cloneIVR: the copy's id, or the answer's message when status is 'false'. */
export async function cloneIvr(id: number, acceptTerms: boolean): Promise<CloneResult> {
  const answer = await apiPost<Schemas['CloneIvrAnswer'] | null>('managemultilevelivr/cloneIVR/', {
    id,
    acceptTerms: acceptTerms ? 1 : 0,
  });
  const failed = answer?.status === 'false' || answer?.status === false;
  const copy = answer && 'data' in answer ? toId(answer.data?.id) : 0;
  if (failed || copy === 0) {
    const message = answer && 'message' in answer ? answer.message : null;
    return { ok: false, message: typeof message === 'string' && message ? message : null };
  }
  return { ok: true, id: copy };
}

// The call routing rules (crates/domain/src/routing), as the browser calls them. Types and
// field keys are listed in docs/routing-domain.md.
import * as wasm from './pkg/domain_wasm.js';
import type {
  FieldErrors,
  PlanException,
  RoutingConstants,
  RoutingExtrasConstants,
  ServicePlanForm,
  TimeRow,
} from './pkg/domain_wasm.js';

export type {
  AdvancedRow,
  AudioForm,
  BasicRow,
  BankHoliday,
  Calendar,
  CallAnswer,
  PlanException,
  Choice,
  DestinationNumberForm,
  DestinationPlanForm,
  DestinationRow,
  QueueForm,
  RoutingAccess,
  RoutingConstants,
  RoutingRow,
  RowType,
  Segment,
  ServicePlanForm,
  Span,
  TemplateKind,
  TimeRow,
  VoicemailForm,
  WeekGrid,
  WorkingHours,
  WorkingHoursResult,
} from './pkg/domain_wasm.js';

// The rules wasm answers as they are: re-exported, with the declarations wasm-bindgen writes
// from the Rust code (parameters, results and doc comments).
export {
  campaignReference,
  defaultTimeRow,
  disconnectLabel,
  fitDestinationPlan,
  hasOnlyBasicFeatures,
  kindLabel,
  routingAccess,
  setRowType,
  timeTemplate,
  usesAdditionalFeatures,
  validateAudio,
  validateConnectAdvanced,
  validateConnectBasic,
  validateDestinationNumber,
  validateDestinationPlan,
  validateQueue,
  validateVoicemail,
  weekGrid,
  whereDoesACallGo,
  whereDoesACallGoOn,
  bankHolidayExceptions,
  workingHoursRows,
} from './pkg/domain_wasm.js';

// Computed once and kept.
let constants: RoutingConstants | null = null;
/** The selects' choices and limits (computed once). */
export function routingConstants(): RoutingConstants {
  constants ??= wasm.routingConstants();
  return constants;
}

// The service plan form checks on every change, so its crossing into wasm is kept cheap (issue
// 9 §3, scripts/bench-validation.sh): the rows go packed into one Float64Array of 9 numbers a
// row, reused while the row count stays; the taken descriptions stay in wasm, in a
// ServicePlanCheck, while the list is unchanged, and so does the description.
let packed = new Float64Array(0);

function packRows(rows: readonly TimeRow[]): Float64Array {
  if (packed.length !== rows.length * 9) packed = new Float64Array(rows.length * 9);
  for (let i = 0, at = 0; i < rows.length; i++, at += 9) {
    const row = rows[i];
    packed[at] = row.fromDay;
    packed[at + 1] = row.fromHour;
    packed[at + 2] = row.fromMinute;
    packed[at + 3] = row.toDay;
    packed[at + 4] = row.toHour;
    packed[at + 5] = row.toMinute;
    packed[at + 6] = row.planType === 'ivr' ? 1 : 0;
    packed[at + 7] = row.routing;
    packed[at + 8] = row.ivr;
  }
  return packed;
}

interface PlanCheck {
  taken: readonly string[];
  check: wasm.ServicePlanCheck;
  /** The description the check holds. */
  description: string | null;
}
let planCheck: PlanCheck | null = null;

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((value, i) => value === b[i]);
}

function servicePlanCheck(taken: readonly string[]): PlanCheck {
  if (!planCheck || !sameList(planCheck.taken, taken)) {
    planCheck?.check.free();
    planCheck = { taken: [...taken], check: new wasm.ServicePlanCheck(taken.join('\n')), description: null };
  }
  return planCheck;
}

// The dated exceptions change less often than the rows: their errors are kept while the list
// (the same array) is unchanged, and checked through the whole-form rules (they do not pack).
let exceptionCheck: { list: readonly PlanException[]; errors: FieldErrors } | null = null;
let checkRow: TimeRow | null = null;

function exceptionErrors(list: readonly PlanException[] | undefined): FieldErrors {
  if (!list || list.length === 0) return {};
  if (exceptionCheck?.list !== list) {
    checkRow ??= wasm.defaultTimeRow();
    const all = wasm.validateServicePlan({ description: '', rows: [checkRow], exceptions: [...list] }, []);
    const errors: FieldErrors = {};
    for (const [field, message] of Object.entries(all)) {
      if (field === 'exceptions' || field.startsWith('exceptions[')) errors[field] = message;
    }
    exceptionCheck = { list, errors };
  }
  return exceptionCheck.errors;
}

export function validateServicePlan(form: ServicePlanForm, takenDescriptions: readonly string[] = []): FieldErrors {
  const plan = servicePlanCheck(takenDescriptions);
  const description = form.description === plan.description ? undefined : form.description;
  plan.description = form.description;
  const errors = plan.check.validate(description, packRows(form.rows)) ?? {};
  const dated = exceptionErrors(form.exceptions);
  return Object.keys(dated).length === 0 ? errors : { ...errors, ...dated };
}

/**
 * validateServicePlan for the editor: a gap, an overlap or a row ending before it starts is said
 * precisely at the row it breaks ('Gap: Thursday 19:01 to Thursday 20:00 between rows 3 and 4')
 * in place of the spec's general continuity message, which the server answers.
 */
export function validateServicePlanInDetail(form: ServicePlanForm, takenDescriptions: readonly string[] = []): FieldErrors {
  const errors = validateServicePlan(form, takenDescriptions);
  if (Object.keys(errors).length === 0) return errors;
  const detail = servicePlanCheck(takenDescriptions).check.timeBreak(packRows(form.rows));
  return detail && detail.field in errors ? { ...errors, [detail.field]: detail.message } : errors;
}

// wasm answers undefined for "none"; this and whisperTextProblem answer null, as their callers
// expect.
/** A message when the file's first bytes are not the audio its extension claims, else null. */
export function audioContentProblem(fileName: string, head: Uint8Array): string | null {
  return wasm.audioContentProblem(fileName, head) ?? null;
}

// The simpler editors (crates/domain-wasm/src/routing_extras.rs).
export type {
  DtmfIvrForm,
  DtmfIvrKey,
  DtmfPlanForm,
  DynamicWhisperForm,
  GroupForm,
  InCallAttributionForm,
  LabelledChoice,
  RoutingExtrasConstants,
  WhisperSource,
} from './pkg/domain_wasm.js';

let extrasConstants: RoutingExtrasConstants | null = null;

/** Transfer types, terminators, delays, DTMF digits and timeouts, DTMF IVR keys, whisper length. */
export function routingExtrasConstants(): RoutingExtrasConstants {
  extrasConstants ??= wasm.routingExtrasConstants();
  return extrasConstants;
}

export {
  validateCategory,
  validateDtmfIvr,
  validateDtmfPlan,
  validateDynamicWhisper,
  validateInCallAttribution,
  validateReportGroup,
} from './pkg/domain_wasm.js';

/** The play button's check: 'Please input the dynamic whisper text.' or null. */
export function whisperTextProblem(text: string): string | null {
  return wasm.whisperTextProblem(text) ?? null;
}

// The IVR rules (crates/domain/src/routing/ivr), as the browser calls them.
import * as wasm from './pkg/domain_wasm.js';
import type {
  CallEnd,
  CallPath,
  CallStep,
  FieldErrors,
  FlowEdge,
  FlowNode,
  IvrFlow,
  IvrForm,
  IvrKey,
  IvrLibrary,
  KeyType,
  Named,
  StoredIvr,
  TimeRow,
} from './pkg/domain_wasm.js';

export type { CallEnd, CallPath, CallStep, FlowEdge, FlowNode, IvrFlow, IvrForm, IvrKey, IvrLibrary, KeyType, Named, StoredIvr };

export const ivrAddKey = (form: IvrForm): IvrForm => wasm.ivrAddKey(form);
export const ivrRemoveKey = (form: IvrForm, index: number): IvrForm => wasm.ivrRemoveKey(form, index);
export const ivrSetRepeatKey = (form: IvrForm, key: string): IvrForm => wasm.ivrSetRepeatKey(form, key);
export const ivrSetKeyType = (form: IvrForm, index: number, type: KeyType): IvrForm =>
  wasm.ivrSetKeyType(form, index, type);
export const ivrSetHangUpAfterAudio = (form: IvrForm, on: boolean): IvrForm => wasm.ivrSetHangUpAfterAudio(form, on);

export function validateIvr(form: IvrForm, takenDescriptions: string[] = []): FieldErrors {
  return wasm.validateIvr(form, takenDescriptions);
}

export const ivrFlow = (ivrId: number, library: IvrLibrary): IvrFlow => wasm.ivrFlow(ivrId, library);
export const servicePlanFlow = (rows: TimeRow[], library: IvrLibrary): IvrFlow => wasm.servicePlanFlow(rows, library);

/** Throws for an unknown time zone. */
export function followCall(
  rows: TimeRow[],
  timeZone: string,
  epochMillis: number,
  library: IvrLibrary,
  presses: string[],
): CallPath {
  return wasm.followCall(rows, timeZone, epochMillis, library, presses);
}

/** Why no key may be added to an IVR of `keys` keys, or undefined. */
export function noMoreKeys(keys: number): string | undefined {
  return wasm.noMoreKeys(keys) ?? undefined;
}

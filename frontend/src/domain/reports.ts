// The reports' rules (crates/domain/src/reports through the forms wasm module, pkg): report
// periods in the account's zone, call outcomes, abandoned calls, call-backs, first-time callers.
import * as wasm from './pkg/domain_wasm.js';
import type { CallbackLink, CallerCall, CallFacts, DatePreset, PeriodAnswer } from './pkg/domain_wasm.js';

export type { CallbackLink, CallerCall, CallFacts, DatePreset, PeriodAnswer };

/** The period a preset covers at `now` (unix seconds) in `timeZone`, with the period before; or why not. */
export function reportPeriod(preset: DatePreset, now: number, timeZone: string): PeriodAnswer {
  return wasm.reportPeriod(preset, now, timeZone);
}

/** 'answered', 'missed', 'busy', 'voicemail' or 'hungUpInIvr'. */
export function callOutcome(facts: CallFacts): string {
  return wasm.callOutcome(facts);
}

/** Unanswered, or answered for under 15 seconds. */
export function isAbandoned(outcome: string, talkSeconds: number): boolean {
  return wasm.isAbandoned(outcome, talkSeconds);
}

/** Each call-back linked to the missed call that opened its chain (within 7 days). */
export function linkCallbacks(calls: CallerCall[]): CallbackLink[] {
  return wasm.linkCallbacks(calls);
}

/** The ids of the first-time calls, given the callers who called before. */
export function firstTimeCalls(calls: CallerCall[], knownCallers: string[]): number[] {
  return wasm.firstTimeCalls(calls, knownCallers);
}

/** A phone number as the call log writes it: "07700 900123", "+35312345678" or "Withheld". */
export function formatUk(number: string): string {
  return wasm.formatUk(number);
}

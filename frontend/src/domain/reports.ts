// The reports' rules (crates/domain/src/reports through the forms wasm module, pkg): report
// periods in the account's zone, call outcomes, abandoned calls, call-backs, first-time callers.
export type { CallbackLink, CallerCall, CallFacts, DatePreset, PeriodAnswer } from './pkg/domain_wasm.js';

export {
  callOutcome,
  firstTimeCalls,
  formatUk,
  isAbandoned,
  linkCallbacks,
  reportPeriod,
} from './pkg/domain_wasm.js';

// Routing drafts' rules (crates/domain/src/routing/draft), as the draft page calls them: the
// schedule's moments typed in the account's zone, with the server's words and refusals.
export type { ScheduleCheck } from './pkg/domain_wasm.js';
export { draftSchedule } from './pkg/domain_wasm.js';

// The browser phone panel's rules (crates/domain/src/phone), as the page calls them: which
// numbers an agent may ring, and a test call's "as if it were" moment. Who may open the phone
// (phoneAccess) is the shell's: ./index.ts.
export type { AsIfCheck, OutboundCheck } from './pkg/domain_wasm.js';
export { asIfMoment, outboundDestination } from './pkg/domain_wasm.js';

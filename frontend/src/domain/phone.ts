// The browser phone's rules (crates/domain/src/phone), as the page calls them: who may open the
// phone, which numbers an agent may ring, and a test call's "as if it were" moment.
export type { AsIfCheck, OutboundCheck, PhoneAccess } from './pkg/domain_wasm.js';
export { asIfMoment, outboundDestination, phoneAccess } from './pkg/domain_wasm.js';

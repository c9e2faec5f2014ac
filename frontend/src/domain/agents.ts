// Outbound campaigns (crates/domain/src/agents through the forms wasm module, pkg).
export { validateOutboundCampaign } from './pkg/domain_wasm.js';

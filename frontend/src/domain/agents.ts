// Outbound campaigns (crates/domain/src/agents through the forms wasm module, pkg).
import * as wasm from './pkg/domain_wasm.js';
import type { FieldErrors } from './pkg/domain_wasm.js';

/** The outbound campaign form (outboundCampaignName); `taken` holds the other campaigns' names. */
export function validateOutboundCampaign(name: string, taken: string[]): FieldErrors {
  return wasm.validateOutboundCampaign(name, taken);
}

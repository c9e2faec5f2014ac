// The portals' form rules (crates/domain/src/partners through the forms wasm module, pkg).
export type { AddAccountForm, BrandingColours, TechPartnerProfile } from './pkg/domain_wasm.js';

export {
  brandImageProblem,
  validateAddAccount,
  validateApiKeyName,
  validateBrandingColours,
  validateTechPartnerProfile,
} from './pkg/domain_wasm.js';

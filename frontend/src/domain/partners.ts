// The portals' form rules (crates/domain/src/partners through the forms wasm module, pkg).
import * as wasm from './pkg/domain_wasm.js';
import type { AddAccountForm, BrandingColours, FieldErrors, TechPartnerProfile } from './pkg/domain_wasm.js';

export type { AddAccountForm, BrandingColours, TechPartnerProfile };

/** The Add partner account dialog: accountName and the optional owner (form_first_name, ...). */
export function validateAddAccount(form: AddAccountForm): FieldErrors {
  return wasm.validateAddAccount(form);
}

/** The branding colours (form_top_bar_background, form_top_bar_text), contrast included. */
export function validateBrandingColours(colours: BrandingColours): FieldErrors {
  return wasm.validateBrandingColours(colours);
}

/** What is wrong with a chosen logo or favicon, from its first bytes and its size. */
export function brandImageProblem(favicon: boolean, firstBytes: Uint8Array, size: number): string | undefined {
  return wasm.brandImageProblem(favicon, firstBytes, size) ?? undefined;
}

/** A new API key's name (form_name). */
export function validateApiKeyName(name: string): FieldErrors {
  return wasm.validateApiKeyName(name);
}

/** The technology partner's settings (form_website, form_contactName, ...). */
export function validateTechPartnerProfile(profile: TechPartnerProfile): FieldErrors {
  return wasm.validateTechPartnerProfile(profile);
}

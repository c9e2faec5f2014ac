// The user and password forms' rules (crates/domain through the forms wasm module, pkg).
import * as wasm from './pkg/domain_wasm.js';
import type {
  BillingDetailsForm,
  FieldErrors,
  ProviderSettingsDef,
  UserForm,
  UserFormContext,
} from './pkg/domain_wasm.js';

export type { BillingDetailsForm, ProviderSettingsDef };

export function validatePasswordConfirmation(formPassword: string): FieldErrors {
  return wasm.validatePasswordConfirmation(formPassword);
}

/** Whether the users list offers Delete on a row: never your own, never above your level. */
export function offersUserDelete(actorId: number, actorLevel: number, targetId: number, targetLevel: number): boolean {
  return wasm.offersUserDelete(actorId, actorLevel, targetId, targetLevel);
}

/** The Google Analytics connect form; `options` are the ids of the account's properties. */
export function validateGaConnect(propertyId: string, propertyType: string, options: string[]): FieldErrors {
  return wasm.validateGaConnect(propertyId, propertyType, options);
}

/** An integration's settings form (ftp_export, webhooks, api), fields by form name. */
export function validateIntegrationSettings(identifier: string, fields: Record<string, string>): FieldErrors {
  return wasm.validateIntegrationSettings(identifier, fields);
}

/** The help text under the FTP export's file name: the character rule's hint and the token. */
export function ftpFileNameHint(): string {
  return wasm.ftpFileNameHint();
}

/** The settings form of an integration connected at the provider (Google Ads, HubSpot), or null. */
export function providerSettings(identifier: string): ProviderSettingsDef | null {
  return wasm.providerSettings(identifier) ?? null;
}

/** A provider settings form; `accounts` are the ids of the login's accounts or portals. */
export function validateProviderSettings(
  identifier: string,
  accountId: string,
  sends: string[],
  accounts: string[],
): FieldErrors {
  return wasm.validateProviderSettings(identifier, accountId, sends, accounts);
}

/** A purchase's terms tickbox: its message while it is not ticked. */
export function termsProblem(accepted: boolean): string | undefined {
  return wasm.termsProblem(accepted) ?? undefined;
}

/** Field errors of the user form ({} when valid), keyed by the users/save field names. */
export function validateUserForm(form: UserForm, context: UserFormContext): FieldErrors {
  return wasm.validateUserForm(form, context);
}

/** Field errors of the billing details form ({} when valid), keyed by the form_ names. */
export function validateBillingDetails(form: BillingDetailsForm): FieldErrors {
  return wasm.validateBillingDetails(form);
}

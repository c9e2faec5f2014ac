// /outboundcli (docs/outbound-cli-api.md): the caller ids agents may present.
import { apiGet, apiPost } from '../../../lib/api';
import type { components } from '../../../lib/api-schema.gen';

type Schemas = components['schemas'];
export type CallerIdsPage = Schemas['CallerIdsPage'];
export type OutsideCallerId = Schemas['OutsideCallerId'];
export type CliAgent = Schemas['CliAgent'];

export function getCallerIds(): Promise<CallerIdsPage> {
  return apiGet<CallerIdsPage>('outboundcli/getCallerIds');
}

/** Adds an outside number; the provider sends it a code. */
export function addCallerId(number: string): Promise<{ id: number }> {
  return apiPost('outboundcli/addCallerId', { form_number: number });
}

export function verifyCallerId(id: number, code: string): Promise<{ success: boolean }> {
  return apiPost(`outboundcli/verifyCallerId/${id}`, { form_code: code });
}

export function resendCode(id: number): Promise<{ success: boolean }> {
  return apiPost(`outboundcli/resendCode/${id}`, {});
}

export function removeCallerId(id: number): Promise<{ success: boolean }> {
  return apiPost(`outboundcli/removeCallerId/${id}`, {});
}

export function restrictAgent(id: number, restricted: boolean): Promise<{ success: boolean }> {
  return apiPost(`outboundcli/restrictAgent/${id}`, { form_customer_restrict_cli: restricted ? '1' : '0' });
}

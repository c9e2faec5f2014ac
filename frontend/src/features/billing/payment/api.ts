// paymentdetails/* (spec/billing-subscription-purchase.md section 7, docs/billing-api.md), typed.
import { apiGet, apiPost } from '../../../lib/api';
import type { components } from '../../../lib/api-schema.gen';

type Schemas = components['schemas'];

/** The provider's signed form fields, and the names the card fields are posted under. */
export type CardParams = Schemas['CardParams'];

export type Done = Schemas['Done'];

export function getCardParams(): Promise<CardParams> {
  return apiGet<CardParams>('paymentdetails/getBarclayCardParams');
}

/** Hands the provider's signed answer (the return query) to the server to check and record. */
export function confirmCard(answer: URLSearchParams): Promise<Done> {
  return apiPost<Done>('paymentdetails/confirmCard', Object.fromEntries(answer.entries()));
}

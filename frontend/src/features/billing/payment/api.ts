// paymentdetails/* (spec/billing-subscription-purchase.md section 7, docs/billing-api.md), typed.
import { apiGet, apiPost } from '../../../lib/api';

export interface CardParams {
  accepturl: string;
  exceptionurl: string;
  orderid: string;
  pspid: string;
  shasign: string;
  actionURL: string;
  /** The names the card fields are posted under. */
  paymentCardName: string;
  paymentCardNumber: string;
  paymentExpiryDate: string;
}

export function getCardParams(): Promise<CardParams> {
  return apiGet<CardParams>('paymentdetails/getBarclayCardParams');
}

/** Hands the provider's signed answer (the return query) to the server to check and record. */
export function confirmCard(answer: URLSearchParams): Promise<{ success: boolean }> {
  return apiPost('paymentdetails/confirmCard', Object.fromEntries(answer.entries()));
}

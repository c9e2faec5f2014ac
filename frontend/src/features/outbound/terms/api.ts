// /outboundterms (docs/outbound-cli-api.md): the outbound terms the owner accepts once.
import { apiGet, apiPost } from '../../../lib/api';
import type { components } from '../../../lib/api-schema.gen';

export type OutboundTermsPage = components['schemas']['OutboundTermsPage'];

export function getOutboundTerms(): Promise<OutboundTermsPage> {
  return apiGet<OutboundTermsPage>('outboundterms/getTerms');
}

export function acceptOutboundTerms(): Promise<OutboundTermsPage> {
  return apiPost<OutboundTermsPage>('outboundterms/acceptTerms', {});
}

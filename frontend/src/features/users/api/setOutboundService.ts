import { apiPost, type FormFields } from '../../../lib/api';
import type { Done, OutboundService } from './types';

/** The service fields posted with setOutboundService, and with a new user's save: only after
 * the terms were ticked in the dialog, which acceptTerms tells the server. */
export function outboundServiceFields(service: OutboundService): FormFields {
  const fields: FormFields = {
    serviceId: service.serviceId,
    existingCustomerService: service.existingCustomerService ? '1' : '0',
    productCode: service.productCode,
    serviceType: service.serviceType,
    price: service.price,
    billingFrequency: service.billingFrequency,
    minimumTerm: service.minimumTerm,
    acceptTerms: '1',
  };
  if (Number(service.serviceId) > 0) fields.form_include_outbound_permission = '1';
  return fields;
}

/** Gives an existing user outbound; rejects unless the answer is a success. */
export async function setOutboundService(service: OutboundService, userId: string): Promise<void> {
  const answer = await apiPost<Done | null>('users/setOutboundService', {
    ...outboundServiceFields(service),
    userId,
  });
  if (answer?.success !== true) throw new Error('setOutboundService failed');
}

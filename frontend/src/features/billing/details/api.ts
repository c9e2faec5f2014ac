// billingdetails/* (spec/billing-subscription-purchase.md section 7), typed.
import type { BillingDetailsForm } from '../../../domain/forms';
import { apiGet, apiPost } from '../../../lib/api';
import type { components } from '../../../lib/api-schema.gen';

type Schemas = components['schemas'];

/** paymentMethodType: '1' card, '2' Direct Debit; directDebitUrl: the mandate page, absent or null when none. */
export type BillingDetails = Schemas['BillingDetails'];

export type Done = Schemas['Done'];

export function getBillingDetails(): Promise<BillingDetails> {
  return apiGet<BillingDetails>('billingdetails/getBillingDetails');
}

export function formOf(details: BillingDetails): BillingDetailsForm {
  return {
    companyName: details.address.companyName,
    street1: details.address.street1,
    street2: details.address.street2,
    town: details.address.town,
    county: details.address.county,
    postCode: details.address.postCode,
    contactName: details.contact.name,
    contactEmail: details.contact.email,
    contactTelephone: details.contact.telephone,
    poNumber: details.poNumber,
  };
}

export function saveBillingDetails(form: BillingDetailsForm): Promise<Done> {
  return apiPost<Done>('billingdetails/saveBillingDetails', {
    form_companyName: form.companyName,
    form_street1: form.street1,
    form_street2: form.street2,
    form_town: form.town,
    form_county: form.county,
    form_postCode: form.postCode,
    form_contactName: form.contactName,
    form_contactEmail: form.contactEmail,
    form_contactTelephone: form.contactTelephone,
    form_poNumber: form.poNumber,
  });
}

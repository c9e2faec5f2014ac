// billingdetails/* (spec/billing-subscription-purchase.md section 7), typed.
import type { BillingDetailsForm } from '../../../domain/forms';
import { apiGet, apiPost } from '../../../lib/api';

export interface BillingDetails {
  address: {
    companyName: string;
    street1: string;
    street2: string;
    town: string;
    county: string;
    postCode: string;
    country: string;
  };
  contact: { name: string; email: string; telephone: string };
  poNumber: string;
  paymentMethod: string;
  paymentMethodType: '1' | '2';
  directDebitUrl: string | null;
}

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

export function saveBillingDetails(form: BillingDetailsForm): Promise<{ success: boolean }> {
  return apiPost('billingdetails/saveBillingDetails', {
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

import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageHeading } from '../../../components/PageHeading';
import { isPermissionError, PermissionError } from '../../../components/PermissionError';
import { TextField } from '../../../components/fields';
import { validateBillingDetails, type BillingDetailsForm } from '../../../domain/forms';
import { validationErrors } from '../../../lib/api';
import { withContact } from '../../../lib/contact';
import { useLoader } from '../../../lib/useLoader';
import { useFieldMessages } from '../../../lib/useFieldMessages';
import { SectionLoading } from '../../../components/SectionLoading';
import { formOf, getBillingDetails, saveBillingDetails, type BillingDetails } from './api';
import { DIRECT_DEBIT_FAILED, DIRECT_DEBIT_UPDATED, LOAD_FAILED, SAVED, SAVE_FAILED } from './messages';
import { LocationNotice } from '../../../components/LocationNotice';
import { ResultBanner, type Outcome } from '../../../components/ResultBanner';

type Key = keyof BillingDetailsForm;

/** The form's fields: key, posted name (the domain's error keys), label, input type. */
const ADDRESS: [Key, string, string][] = [
  ['companyName', 'form_companyName', 'Company name'],
  ['street1', 'form_street1', 'Street 1'],
  ['street2', 'form_street2', 'Street 2'],
  ['town', 'form_town', 'Town'],
  ['county', 'form_county', 'County'],
  ['postCode', 'form_postCode', 'Post code'],
];
const CONTACT: [Key, string, string][] = [
  ['contactName', 'form_contactName', 'Contact name'],
  ['contactEmail', 'form_contactEmail', 'Contact email'],
  ['contactTelephone', 'form_contactTelephone', 'Telephone'],
];


function BillingForm({ details, portal }: { details: BillingDetails; portal: string }) {
  const [form, setForm] = useState<BillingDetailsForm>(() => formOf(details));
  const [saving, setSaving] = useState(false);
  const [banner, setBanner] = useState<Outcome | null>(null);
  const errors = validateBillingDetails(form);
  const { errorOf, left, touchAll, changed, setServerErrors } = useFieldMessages(errors);

  function field([key, name, label]: [Key, string, string]) {
    return (
      <TextField
        key={key}
        label={label}
        name={name}
        value={form[key]}
        type={key === 'contactEmail' ? 'email' : key === 'contactTelephone' ? 'tel' : 'text'}
        onChange={(value) => {
          setForm({ ...form, [key]: value });
          changed(name);
        }}
        onBlur={() => left(name)}
        error={errorOf(name)}
        disabled={saving}
      />
    );
  }

  async function save() {
    touchAll([...ADDRESS, ...CONTACT].map(([, name]) => name).concat('form_poNumber'));
    setBanner(null);
    if (Object.keys(errors).length > 0) return;
    setSaving(true);
    try {
      const answer = await saveBillingDetails(form);
      setBanner(answer.success ? { kind: 'success', text: SAVED } : { kind: 'error', text: withContact(SAVE_FAILED) });
    } catch (error) {
      const fields = validationErrors(error);
      if (fields) setServerErrors(fields);
      setBanner({ kind: 'error', text: withContact(SAVE_FAILED) });
    } finally {
      setSaving(false);
    }
  }

  const saveButton = (
    <div className="form-actions">
      <button type="submit" className="button button-primary" disabled={saving} aria-busy={saving || undefined}>
        {saving ? 'Saving…' : 'Save'}
      </button>
    </div>
  );
  return (
    <form
      noValidate
      className="billing-form"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <ResultBanner outcome={banner} />
      <section className="card" aria-labelledby="billing-address">
        <h2 id="billing-address">Address</h2>
        {ADDRESS.map(field)}
        <TextField label="Country" value={details.address.country} onChange={() => {}} readOnly />
      </section>
      <section className="card" aria-labelledby="billing-contact">
        <h2 id="billing-contact">Contact</h2>
        {CONTACT.map(field)}
        {saveButton}
      </section>
      <section className="card" aria-labelledby="billing-payment">
        <h2 id="billing-payment">Payment</h2>
        {field(['poNumber', 'form_poNumber', 'PO number'])}
        <TextField label="Payment method" value={details.paymentMethod} onChange={() => {}} readOnly />
        {details.paymentMethodType === '1' && (
          <p>
            <Link className="button" to={`${portal}/billing/details/payment`}>
              Update credit/debit card details
            </Link>
          </p>
        )}
        {details.paymentMethodType === '2' && details.directDebitUrl && (
          <p>
            <a href={details.directDebitUrl}>Update your Direct Debit details</a>
          </p>
        )}
        {saveButton}
      </section>
    </form>
  );
}

/** /billing/details: address, contact and payment, for those with the billing access flag;
 * `portal` is '' or the technology partner's '/technologypartner'. */
export function BillingDetailsPage({ title, portal = '' }: { title: string; portal?: string }) {
  const [load] = useLoader(getBillingDetails);
  const [params] = useSearchParams();
  const directDebit = params.get('directDebitUpdated');
  if (load.status === 'failed' && isPermissionError(load.error)) return <PermissionError />;
  return (
    <>
      <PageHeading title={title} />
      <LocationNotice />
      {directDebit === '1' && (
        <p role="status" className="banner banner-success">
          {DIRECT_DEBIT_UPDATED}
        </p>
      )}
      {directDebit === '0' && (
        <p role="alert" className="banner banner-error">
          {withContact(DIRECT_DEBIT_FAILED)}
        </p>
      )}
      {load.status === 'loading' && <SectionLoading />}
      {load.status === 'failed' && (
        <p role="alert" className="banner banner-error">
          {withContact(LOAD_FAILED)}
        </p>
      )}
      {load.status === 'ready' && <BillingForm details={load.data} portal={portal} />}
    </>
  );
}

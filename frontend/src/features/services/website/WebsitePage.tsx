import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { SelectField, TextField } from '../../../components/fields';
import { fieldErrorsOf } from '../../../lib/api';
import { useLoader } from '../../../lib/useLoader';
import { LoadedPage } from '../LoadedPage';
import { addWebsite, getWebsiteDetails, type WebsiteDetails } from './api';

export const ADD_FAILED = 'Your website could not be added. Please try again.';
export const websiteAdded = (site: string) =>
  `Your website tracking is set up for ${site}: paste the code below into every page of the website.`;

function WebsiteForm({ details }: { details: WebsiteDetails }) {
  const navigate = useNavigate();
  const [address, setAddress] = useState('');
  const [number, setNumber] = useState('');
  const [plan, setPlan] = useState(details.servicePlans.length === 1 ? String(details.servicePlans[0].id) : '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setFailed(false);
    setErrors({});
    try {
      const added = await addWebsite(address, number, plan);
      navigate(`/dynamicurls/${added.campaignId}`, { state: { notice: websiteAdded(address.trim()) } });
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (fields) setErrors(fields);
      else setFailed(true);
      setBusy(false);
    }
  }

  return (
    <form className="card" aria-label="Add your website" onSubmit={(event) => void submit(event)} noValidate>
      <p>
        Your plan includes call tracking for your website: visitors see a number of their own, and each call is
        credited to where the visitor came from. Nothing more is charged.
      </p>
      {failed && (
        <p role="alert" className="banner banner-error">
          {ADD_FAILED}
        </p>
      )}
      <TextField
        label="Website address"
        name="websiteUrl"
        value={address}
        onChange={setAddress}
        error={errors.websiteUrl}
        hint="Such as www.yourbusiness.co.uk"
        autoComplete="url"
      />
      <TextField
        label="Phone number on your website"
        name="numberShown"
        type="tel"
        value={number}
        onChange={setNumber}
        error={errors.numberShown}
        hint="Optional: the number visitors see today. Your tracking numbers are local to it and replace it on the page."
        autoComplete="tel"
      />
      {details.servicePlans.length > 0 && (
        <SelectField
          label="Calls go to"
          name="servicePlan"
          value={plan}
          placeholder="Choose later in Call routing"
          options={details.servicePlans.map((p) => ({ value: String(p.id), label: p.plan }))}
          onChange={setPlan}
          error={errors.servicePlan}
        />
      )}
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={busy} aria-busy={busy || undefined}>
          {busy ? 'Adding…' : 'Add website'}
        </button>
        <Link className="button" to="/">
          Cancel
        </Link>
      </div>
    </form>
  );
}

/** /services/website: the website the plan includes, added by its address, its tracking code at once. */
export function WebsitePage({ title }: { title: string }) {
  const [load] = useLoader(getWebsiteDetails);
  return (
    <LoadedPage title={title} load={load}>
      {(details) =>
        details.included ? (
          <WebsiteForm details={details} />
        ) : (
          <div className="card">
            <p>
              {details.includedInPlan > 0
                ? 'The website your plan includes is set up already.'
                : 'Your plan does not include website tracking.'}{' '}
              Another website needs a pool of its own, priced before you buy it.
            </p>
            <Link className="button button-primary" to="/services/dynamic">
              Add dynamic URLs
            </Link>
          </div>
        )
      }
    </LoadedPage>
  );
}

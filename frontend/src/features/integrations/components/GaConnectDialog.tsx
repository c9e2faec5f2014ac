import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { Dialog } from '../../../components/Dialog';
import { SelectField } from '../../../components/fields';
import { canManageIntegrations } from '../../../domain';
import { validateGaConnect } from '../../../domain/forms';
import { useAccount } from '../../../lib/account';
import { validationErrors } from '../../../lib/api';
import { useFieldMessages } from '../../../lib/useFieldMessages';
import { useLoader } from '../../../lib/useLoader';
import { startConnection } from '../api/connectIntegration';
import { connectGaProperty, getGaConnectOptions } from '../api/googleAnalytics';
import { SOMETHING_WENT_WRONG } from './messages';

export const GA_DIALOG_TITLE = 'Set up Google Analytics';
const GA_CONNECT_URL = 'integrations/connect/google_analytics';

const PROPERTY_TYPES = [
  { value: '1', label: 'Event' },
  { value: '2', label: 'Virtual pageview' },
];

function SendCallsAs({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  const name = useId();
  const errorId = `${name}-error`;
  return (
    <fieldset
      className={`field-group${error ? ' field-invalid' : ''}`}
      aria-describedby={error ? errorId : undefined}
    >
      <legend>Send calls as</legend>
      {PROPERTY_TYPES.map((type) => (
        <div key={type.value} className="field-check-row">
          <input
            id={`${name}-${type.value}`}
            type="radio"
            name="form_ga_property_type"
            value={type.value}
            checked={value === type.value}
            aria-invalid={error ? true : undefined}
            onChange={() => onChange(type.value)}
          />
          <label htmlFor={`${name}-${type.value}`}>{type.label}</label>
        </div>
      ))}
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** /ga_connect: choose the Google Analytics property that receives the calls, and how. */
export function GaConnectDialog() {
  const navigate = useNavigate();
  const { account } = useAccount();
  const [load] = useLoader(getGaConnectOptions);
  const [propertyId, setPropertyId] = useState('');
  const [propertyType, setPropertyType] = useState('');
  const { errorOf, changed, setServerErrors } = useFieldMessages({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const cancel = () => navigate('/');
  const ready = load.status === 'ready' ? load.data : null;
  const properties = ready?.properties ?? [];

  async function connectFirst() {
    setFailure(null);
    setBusy(true);
    try {
      await startConnection(GA_CONNECT_URL);
    } catch {
      setFailure(SOMETHING_WENT_WRONG);
      setBusy(false);
    }
  }

  async function save() {
    if (busy || !ready?.connected) return;
    setFailure(null);
    const found = validateGaConnect(propertyId, propertyType, properties.map((p) => p.ua));
    setServerErrors(found);
    if (Object.keys(found).length > 0) return;
    const property = properties.find((p) => p.ua === propertyId);
    if (!property) return;
    setBusy(true);
    try {
      await connectGaProperty(property, propertyType);
      navigate('/googleanalytics?connected=1');
    } catch (error) {
      const fields = validationErrors(error);
      if (fields && Object.keys(fields).length > 0) setServerErrors(fields);
      else setFailure(SOMETHING_WENT_WRONG);
      setBusy(false);
    }
  }

  const canSave = ready?.connected === true;
  return (
    <Dialog
      open
      title={GA_DIALOG_TITLE}
      onClose={cancel}
      onSubmit={() => void save()}
      busy={busy}
      actions={
        <>
          <button type="button" className="button" onClick={cancel} disabled={busy}>
            Cancel
          </button>
          {canSave && (
            <button type="submit" className="button button-primary" disabled={busy}>
              Save
            </button>
          )}
        </>
      }
    >
      {failure && (
        <p role="alert" className="banner banner-error">
          {failure}
        </p>
      )}
      {load.status === 'loading' && (
        <div className="section-loading" role="status" aria-live="polite">
          <span className="spinner" aria-hidden="true" />
          <span>Loading your Google Analytics properties…</span>
        </div>
      )}
      {load.status === 'failed' && (
        <p role="alert" className="banner banner-error">
          {SOMETHING_WENT_WRONG}
        </p>
      )}
      {ready && !ready.connected && (
        <>
          <p>Google Analytics must be connected first.</p>
          <button
            type="button"
            className="button button-primary"
            disabled={busy || !canManageIntegrations(account)}
            onClick={() => void connectFirst()}
          >
            Connect
          </button>
        </>
      )}
      {ready?.connected && (
        <>
          <p>Choose the property that receives your calls.</p>
          {properties.length === 0 && <p>No properties were found in your Google Analytics account.</p>}
          <SelectField
            label="Property"
            name="form_ga_property_id"
            value={propertyId}
            placeholder="Choose a property"
            options={properties.map((p) => ({ value: p.ua, label: `${p.url} (${p.ua})` }))}
            onChange={(value) => {
              setPropertyId(value);
              changed('form_ga_property_id');
            }}
            error={errorOf('form_ga_property_id')}
          />
          <SendCallsAs
            value={propertyType}
            onChange={(value) => {
              setPropertyType(value);
              changed('form_ga_property_type');
            }}
            error={errorOf('form_ga_property_type')}
          />
        </>
      )}
    </Dialog>
  );
}

import { useEffect, useMemo, useState } from 'react';
import { CheckboxGroupField, SelectField } from '../../../components/fields';
import { providerSettings, validateProviderSettings } from '../../../domain/forms';
import { validationErrors } from '../../../lib/api';
import { useFieldMessages } from '../../../lib/useFieldMessages';
import { getProviderSettings, saveProviderSettings, type ProviderSettingsOptions } from '../api/providerSettings';
import type { Integration } from '../api/types';
import { SOMETHING_WENT_WRONG } from './messages';

export function hasProviderSettings(identifier: string): boolean {
  return providerSettings(identifier) !== null;
}

/**
 * A connected Google Ads or HubSpot: the account or portal calls go to, chosen from the login's
 * (the provider lists them), and what is sent there.
 */
export function ProviderSettingsForm({
  integration,
  disabled,
  onSaved,
}: {
  integration: Integration;
  disabled: boolean;
  onSaved: () => Promise<void> | void;
}) {
  const def = useMemo(() => providerSettings(integration.identifier), [integration.identifier]);
  const [options, setOptions] = useState<ProviderSettingsOptions | null>(null);
  const [accountId, setAccountId] = useState('');
  const [sends, setSends] = useState<string[]>([]);
  const { errorOf, changed, setServerErrors } = useFieldMessages({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    getProviderSettings(integration.identifier).then(
      (found) => {
        if (!live) return;
        setOptions(found);
        setAccountId(found.accountId);
        setSends(found.sends.length > 0 || found.accountId ? found.sends : [...(def?.defaultSends ?? [])]);
      },
      () => live && setFailure(SOMETHING_WENT_WRONG),
    );
    return () => {
      live = false;
    };
  }, [integration.identifier, def]);

  if (!def) return null;
  if (!options) {
    return failure ? (
      <p role="alert" className="banner banner-error">
        {failure}
      </p>
    ) : (
      <div className="section-loading" role="status" aria-live="polite">
        <span className="spinner" aria-hidden="true" />
        <span>Loading…</span>
      </div>
    );
  }

  async function save() {
    if (busy || !def || !options) return;
    setFailure(null);
    setSaved(null);
    const found = validateProviderSettings(
      def.identifier,
      accountId,
      sends,
      options.accounts.map((a) => a.id),
    );
    setServerErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await saveProviderSettings(def.identifier, accountId, sends);
      setSaved(`${integration.title} settings saved.`);
      await onSaved();
    } catch (error) {
      const fieldErrors = validationErrors(error);
      if (fieldErrors && Object.keys(fieldErrors).length > 0) setServerErrors(fieldErrors);
      else setFailure(SOMETHING_WENT_WRONG);
    }
    setBusy(false);
  }

  return (
    <form
      className="integration-settings"
      noValidate
      aria-label={`${integration.title} settings`}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      {failure && (
        <p role="alert" className="banner banner-error">
          {failure}
        </p>
      )}
      {!options.accountId && (
        <p className="banner banner-warning">
          Choose the {def.accountNoun} your calls are sent to: nothing is sent until you save.
        </p>
      )}
      <SelectField
        label={def.accountLabel}
        name="form_account_id"
        value={accountId}
        placeholder={`Choose a ${def.accountNoun}`}
        options={options.accounts.map((a) => ({ value: a.id, label: `${a.name} (${a.id})` }))}
        disabled={disabled || busy}
        error={errorOf('form_account_id')}
        hint={`The ${def.accountNoun}s of the login you connected.`}
        onChange={(value) => {
          setAccountId(value);
          changed('form_account_id');
        }}
      />
      <CheckboxGroupField
        label={def.sendsLabel}
        name="form_sends[]"
        values={sends}
        options={def.sends}
        disabled={disabled || busy}
        error={errorOf('form_sends')}
        onChange={(values) => {
          setSends(values);
          changed('form_sends');
        }}
      />
      <div className="form-actions">
        <span role="status" aria-live="polite">
          {saved}
        </span>
        <button type="submit" className="button button-primary" disabled={disabled || busy}>
          Save
        </button>
      </div>
    </form>
  );
}

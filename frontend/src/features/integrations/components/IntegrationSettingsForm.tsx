import { useState } from 'react';
import { TextField } from '../../../components/fields';
import { validateIntegrationSettings } from '../../../domain/forms';
import { validationErrors } from '../../../lib/api';
import { saveIntegrationSettings } from '../api/saveIntegrationSettings';
import type { Integration } from '../api/types';
import { SOMETHING_WENT_WRONG } from './messages';

interface FieldDef {
  name: string;
  label: string;
}

/** The integrations set up with a form of ours, and the form's fields (issue 12 contract). */
export const SETTINGS_FIELDS: Record<string, FieldDef[]> = {
  webhooks: [{ name: 'form_webhook_url', label: 'Webhook URL' }],
  ftp_export: [
    { name: 'form_ftp_host', label: 'FTP host' },
    { name: 'form_ftp_username', label: 'FTP username' },
    { name: 'form_ftp_file_name', label: 'File name' },
  ],
  api: [],
};

export function hasSettingsForm(identifier: string): boolean {
  return identifier in SETTINGS_FIELDS;
}

export function IntegrationSettingsForm({
  integration,
  configured,
  disabled,
  onSaved,
}: {
  integration: Integration;
  configured: boolean;
  disabled: boolean;
  onSaved: () => Promise<void> | void;
}) {
  const fields = SETTINGS_FIELDS[integration.identifier] ?? [];
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(fields.map((f) => [f.name, integration.connection?.settings[f.name] ?? ''])),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);

  // The API has nothing to fill in: once on, Remove turns it off.
  if (fields.length === 0 && configured) return null;

  async function save() {
    if (busy) return;
    setFailure(null);
    setSaved(false);
    const found = validateIntegrationSettings(integration.identifier, values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await saveIntegrationSettings(integration.identifier, values);
      setSaved(true);
      await onSaved();
    } catch (error) {
      const fieldErrors = validationErrors(error);
      if (fieldErrors && Object.keys(fieldErrors).length > 0) setErrors(fieldErrors);
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
      {fields.map((field) => (
        <TextField
          key={field.name}
          label={field.label}
          name={field.name}
          value={values[field.name] ?? ''}
          disabled={disabled || busy}
          error={errors[field.name]}
          onChange={(value) => {
            setValues((current) => ({ ...current, [field.name]: value }));
            setErrors(({ [field.name]: _, ...rest }) => rest);
          }}
        />
      ))}
      <div className="form-actions">
        <span role="status" aria-live="polite">
          {saved && 'Settings saved.'}
        </span>
        <button type="submit" className="button button-primary" disabled={disabled || busy}>
          {fields.length === 0 ? 'Turn on' : 'Save'}
        </button>
      </div>
    </form>
  );
}

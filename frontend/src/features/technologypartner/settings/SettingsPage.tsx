import { useState } from 'react';
import { LoadedPage } from '../../../components/LoadedPage';
import { TextField } from '../../../components/fields';
import { validateTechPartnerProfile, type TechPartnerProfile } from '../../../domain/partners';
import { validationErrors } from '../../../lib/api';
import { withContact } from '../../../lib/contact';
import { useLoader } from '../../../lib/useLoader';
import { useFieldMessages } from '../../../lib/useFieldMessages';
import { getSettings, saveSettings, type PartnerSettings } from '../api';
import { SETTINGS_FAILED, SETTINGS_SAVED, SETTINGS_SAVE_FAILED } from '../messages';
import { ResultBanner, type Outcome } from '../../../components/ResultBanner';

type Key = keyof TechPartnerProfile;

/** key, posted name (the domain's error keys), label, input type */
const FIELDS: [Key, string, string, 'text' | 'email' | 'tel'][] = [
  ['website', 'form_website', 'Website', 'text'],
  ['contactName', 'form_contactName', 'Technical contact', 'text'],
  ['contactEmail', 'form_contactEmail', 'Contact email', 'email'],
  ['contactTelephone', 'form_contactTelephone', 'Telephone', 'tel'],
];


function SettingsForm({ settings }: { settings: PartnerSettings }) {
  const [form, setForm] = useState<TechPartnerProfile>({
    website: settings.website,
    contactName: settings.contactName,
    contactEmail: settings.contactEmail,
    contactTelephone: settings.contactTelephone,
  });
  const [saving, setSaving] = useState(false);
  const [banner, setBanner] = useState<Outcome | null>(null);
  const errors = validateTechPartnerProfile(form);
  const { errorOf, left, touchAll, changed, setServerErrors } = useFieldMessages(errors);

  async function save() {
    touchAll(FIELDS.map(([, name]) => name));
    setBanner(null);
    if (Object.keys(errors).length > 0) return;
    setSaving(true);
    try {
      await saveSettings(form);
      setBanner({ kind: 'success', text: SETTINGS_SAVED });
    } catch (error) {
      const fields = validationErrors(error);
      if (fields) setServerErrors(fields);
      setBanner({ kind: 'error', text: withContact(SETTINGS_SAVE_FAILED) });
    } finally {
      setSaving(false);
    }
  }

  return (
    <form
      noValidate
      className="card settings-form"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <ResultBanner outcome={banner} />
      <TextField label="Company" value={settings.companyName} onChange={() => {}} readOnly />
      <p className="field-hint">We write to the technical contact about your API keys and changes to the reporting API.</p>
      {FIELDS.map(([key, name, label, type]) => (
        <TextField
          key={key}
          label={label}
          name={name}
          type={type}
          value={form[key]}
          hint={key === 'website' ? 'Starting https://' : undefined}
          onChange={(value) => {
            setForm({ ...form, [key]: value });
            changed(name);
          }}
          onBlur={() => left(name)}
          error={errorOf(name)}
          disabled={saving}
        />
      ))}
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={saving} aria-busy={saving || undefined}>
          {saving ? 'Saving…' : 'Save'}
        </button>
      </div>
    </form>
  );
}

/** /technologypartner/settings: the company's website and technical contact. */
export function SettingsPage({ title }: { title: string }) {
  const [load] = useLoader(getSettings);
  return (
    <LoadedPage title={title} load={load} failedText={withContact(SETTINGS_FAILED)}>
      {(settings) => <SettingsForm settings={settings} />}
    </LoadedPage>
  );
}

import { useState } from 'react';
import { TextField } from '../../../components/fields';
import { validateOutboundCampaign } from '../../../domain/agents';
import { refusalErrors } from '../../../lib/api';
import { CAMPAIGN_FIELD, saveCampaign } from './api';

export const SAVE_FAILED = 'The campaign could not be saved. Try again later.';

/** A campaign's name as typed: checked by the domain as typed, by the server on save (id null adds). */
export function CampaignNameForm({
  label,
  initial,
  taken,
  submitLabel,
  id,
  onSaved,
  onCancel,
}: {
  label: string;
  initial: string;
  taken: string[];
  submitLabel: string;
  id: number | null;
  onSaved: (name: string) => void;
  onCancel?: () => void;
}) {
  const [name, setName] = useState(initial);
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const errors = validateOutboundCampaign(name, taken);
  const shown = (touched ? errors[CAMPAIGN_FIELD] : undefined) ?? serverError ?? undefined;

  async function save() {
    setTouched(true);
    if (errors[CAMPAIGN_FIELD] || saving) return;
    setSaving(true);
    setFailure(null);
    try {
      await saveCampaign(id, name.trim());
      setName(id === null ? '' : name.trim());
      setTouched(false);
      onSaved(name.trim());
    } catch (failed) {
      const fields = refusalErrors(failed);
      if (fields?.[CAMPAIGN_FIELD]) setServerError(fields[CAMPAIGN_FIELD]);
      else setFailure(SAVE_FAILED);
    } finally {
      setSaving(false);
    }
  }

  return (
    <form
      className="category-form toolbar-actions"
      aria-label={label}
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
      <TextField
        label={label}
        name={CAMPAIGN_FIELD}
        value={name}
        onChange={(value) => {
          setName(value);
          setServerError(null);
        }}
        onBlur={() => name !== initial && setTouched(true)}
        error={shown}
        disabled={saving}
      />
      <button type="submit" className="button button-primary" disabled={saving} aria-busy={saving || undefined}>
        {submitLabel}
      </button>
      {onCancel && (
        <button type="button" className="button" onClick={onCancel} disabled={saving}>
          Cancel
        </button>
      )}
    </form>
  );
}

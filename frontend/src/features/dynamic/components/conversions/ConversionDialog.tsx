import { useEffect, useState } from 'react';
import { Dialog } from '../../../../components/Dialog';
import { DialogActions } from '../../../../components/DialogActions';
import { CheckboxField, SelectField, TextField, type Option } from '../../../../components/fields';
import { validateConversion } from '../../../../domain/conversions';
import { validationErrors } from '../../../../lib/api';
import { saveConversion, type ConversionValues } from '../../api/conversions';

export const SAVE_FAILED = 'The conversion could not be saved. Try again later.';

export function emptyConversion(defaultMinDuration: number): ConversionValues {
  return {
    name: '',
    platform: 'google_ads',
    value: '',
    minDuration: String(defaultMinDuration),
    outcome: '',
    sourceMedium: '',
    tag: '',
    active: '1',
  };
}

/** Add conversion / Edit conversion: the platform, the name and value, and which calls count, checked by the domain as typed. */
export function ConversionDialog({
  open,
  id,
  initial,
  taken,
  platforms,
  sources,
  tags,
  outcomes,
  onClose,
  onSaved,
}: {
  open: boolean;
  id: number | null;
  initial: ConversionValues;
  taken: string[];
  platforms: Option[];
  sources: Option[];
  tags: Option[];
  outcomes: Option[];
  onClose: () => void;
  onSaved: (name: string) => void;
}) {
  const [values, setValues] = useState<ConversionValues>(initial);
  const [touched, setTouched] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!open) return;
    setValues(initial);
    setTouched(false);
    setServerErrors({});
    setFailure(null);
  }, [open, initial]);

  const errors = validateConversion(values, taken);
  const shown = (field: string) => (touched ? errors[field] : undefined) ?? serverErrors[field];
  const set = (key: keyof ConversionValues) => (value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setServerErrors({});
  };

  async function save() {
    setTouched(true);
    if (Object.keys(errors).length > 0 || saving) return;
    setSaving(true);
    setFailure(null);
    try {
      await saveConversion(id, values);
      onSaved(values.name.trim());
    } catch (failed) {
      const fields = validationErrors(failed);
      if (fields) setServerErrors(fields);
      else setFailure(SAVE_FAILED);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Dialog
      open={open}
      title={id === null ? 'Add conversion' : `Edit ${initial.name}`}
      onClose={onClose}
      onSubmit={() => void save()}
      busy={saving}
      actions={<DialogActions onCancel={onClose} submitLabel="Save" busyLabel="Saving…" busy={saving} />}
    >
      {failure && (
        <p role="alert" className="banner banner-error">
          {failure}
        </p>
      )}
      <TextField
        label="Name"
        name="form_name"
        value={values.name}
        onChange={set('name')}
        onBlur={() => setTouched(true)}
        error={shown('form_name')}
        hint="As the conversion action is named in the ad platform."
        disabled={saving}
      />
      <SelectField
        label="Ad platform"
        name="form_platform"
        value={values.platform}
        options={platforms}
        onChange={set('platform')}
        error={shown('form_platform')}
        disabled={saving}
      />
      <TextField
        label="Value (£)"
        name="form_value"
        value={values.value}
        inputMode="numeric"
        onChange={set('value')}
        onBlur={() => setTouched(true)}
        error={shown('form_value')}
        hint="Sent with each conversion in GBP; leave empty to send none."
        disabled={saving}
      />
      <fieldset className="field-group">
        <legend>Which calls count</legend>
        <TextField
          label="Lasted at least (seconds)"
          name="form_min_duration"
          value={values.minDuration}
          inputMode="numeric"
          onChange={set('minDuration')}
          onBlur={() => setTouched(true)}
          error={shown('form_min_duration')}
          hint="Google Ads counts a call from 60 seconds."
          disabled={saving}
        />
        <SelectField
          label="Outcome"
          name="form_outcome"
          value={values.outcome}
          options={outcomes}
          placeholder="Any"
          onChange={set('outcome')}
          error={shown('form_outcome')}
          disabled={saving}
        />
        <SelectField
          label="Source / medium"
          name="form_source_medium"
          value={values.sourceMedium}
          options={sources}
          placeholder="Any"
          onChange={set('sourceMedium')}
          error={shown('form_source_medium')}
          disabled={saving}
        />
        <SelectField
          label="Tag"
          name="form_tag"
          value={values.tag}
          options={tags}
          placeholder="Any"
          onChange={set('tag')}
          error={shown('form_tag')}
          disabled={saving}
        />
      </fieldset>
      <CheckboxField
        label="Active: send calls that count"
        name="form_active"
        checked={values.active !== '0'}
        onChange={(checked) => set('active')(checked ? '1' : '0')}
        disabled={saving}
      />
    </Dialog>
  );
}

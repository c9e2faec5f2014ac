import { useEffect, useState } from 'react';
import { validateTagRule } from '../domain/tags';
import { refusalErrors } from '../lib/api';
import { Dialog } from './Dialog';
import { DialogActions } from './DialogActions';
import { CheckboxField, SelectField, TextField, type Option } from './fields';

/** The conditions of a call rule (a tag rule, a lead scoring rule), as the form posts them. */
export interface CallRuleValues {
  sourceMedium: string;
  campaign: string;
  minDuration: string;
  key: string;
  firstTime: string;
  outcome: string;
}

export const RULE_SAVE_FAILED = 'The rule could not be saved. Try again later.';
const EMPTY: CallRuleValues = { sourceMedium: '', campaign: '', minDuration: '', key: '', firstTime: '', outcome: '' };
const KEYS: Option[] = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '0', '*', '#'].map((k) => ({ value: k, label: k }));

/**
 * Add / edit a call rule: the conditions a call must all meet (source / medium, campaign, a
 * minimum duration, a key pressed, the outcome, first-time callers), checked as typed by the
 * domain's tag rule check, which the tags and the lead scoring rules share.
 */
export function CallRuleDialog({
  open,
  title,
  intro,
  save: send,
  initial,
  sources,
  campaigns,
  outcomes,
  onClose,
  onSaved,
}: {
  open: boolean;
  title: string;
  /** What meeting the conditions does, above the form. */
  intro: string;
  save: (values: CallRuleValues) => Promise<unknown>;
  initial: CallRuleValues | null;
  sources: Option[];
  campaigns: Option[];
  outcomes: Option[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const [values, setValues] = useState<CallRuleValues>(EMPTY);
  const [touched, setTouched] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!open) return;
    setValues(initial ?? EMPTY);
    setTouched(false);
    setServerErrors({});
    setFailure(null);
  }, [open, initial]);

  const errors = validateTagRule(values);
  const shown = (field: string) => (touched ? errors[field] : undefined) ?? serverErrors[field];
  const set = (key: keyof CallRuleValues) => (value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setServerErrors({});
  };

  async function save() {
    setTouched(true);
    if (Object.keys(errors).length > 0 || saving) return;
    setSaving(true);
    setFailure(null);
    try {
      await send(values);
      onSaved();
    } catch (failed) {
      const fields = refusalErrors(failed);
      if (fields) setServerErrors(fields);
      else setFailure(RULE_SAVE_FAILED);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Dialog
      open={open}
      title={title}
      onClose={onClose}
      onSubmit={() => void save()}
      busy={saving}
      actions={<DialogActions onCancel={onClose} submitLabel="Save rule" busyLabel="Saving…" busy={saving} />}
    >
      <p>{intro}</p>
      {failure && (
        <p role="alert" className="banner banner-error">
          {failure}
        </p>
      )}
      {shown('form_conditions') && (
        <p role="alert" className="banner banner-error">
          {shown('form_conditions')}
        </p>
      )}
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
        label="Campaign"
        name="form_campaign"
        value={values.campaign}
        options={campaigns}
        placeholder="Any"
        onChange={set('campaign')}
        error={shown('form_campaign')}
        disabled={saving}
      />
      <TextField
        label="Lasted at least (seconds)"
        name="form_min_duration"
        value={values.minDuration}
        inputMode="numeric"
        onChange={set('minDuration')}
        onBlur={() => setTouched(true)}
        error={shown('form_min_duration')}
        disabled={saving}
      />
      <SelectField
        label="Key pressed in a menu"
        name="form_key"
        value={values.key}
        options={KEYS}
        placeholder="Any"
        onChange={set('key')}
        error={shown('form_key')}
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
      <CheckboxField
        label="First-time callers only"
        name="form_first_time"
        checked={values.firstTime === '1'}
        onChange={(checked) => set('firstTime')(checked ? '1' : '')}
        disabled={saving}
      />
    </Dialog>
  );
}

import { useEffect, useState } from 'react';
import { ukCodeId } from '../../../lib/countryCodes';
import { useSnackbar } from '../../Snackbar';
import { Dialog } from '../../Dialog';
import { SelectField, TextField } from '../../fields';
import { validateNewServicePlan } from '../../../domain/services';
import { validationErrors } from '../../../lib/api';
import { useFieldMessages } from '../../../lib/useFieldMessages';
import { checkUniquePlanDescription, createNewServicePlan, type StaticDetails } from './api';

/** The description is checked with the server this long after the last keystroke (spec section 9). */
export const UNIQUE_CHECK_DELAY_MS = 500;

type Check = 'idle' | 'checking' | 'unique' | 'taken';

/** A new service plan sending every call to one number; Save waits for the description's uniqueness check. */
export function NewServicePlanDialog({
  details,
  onCreated,
  onClose,
}: {
  details: Pick<StaticDetails, 'countryCodes' | 'restrictedDestinationPrefixes' | 'destinationPlans'>;
  onCreated: (plan: { id: number; plan: string }) => void;
  onClose: () => void;
}) {
  const notify = useSnackbar();
  // The international code starts on the UK's.
  const [form, setForm] = useState({ description: '', countryCode: ukCodeId(details.countryCodes), destinationNumber: '' });
  const [check, setCheck] = useState<Check>('idle');
  const [saving, setSaving] = useState(false);
  const taken = details.destinationPlans.map((p) => p.plan);
  const errors = validateNewServicePlan(form, taken, details.restrictedDestinationPrefixes);
  const fieldMessages = useFieldMessages(errors);
  const { left, touchAll, setServerErrors } = fieldMessages;
  const shown = (field: string) =>
    fieldMessages.errorOf(field) ??
    (field === 'description' && check === 'taken'
      ? validateNewServicePlan(form, [form.description], details.restrictedDestinationPrefixes).description
      : undefined);

  useEffect(() => {
    const description = form.description.trim();
    if (!description || errors.description) {
      setCheck('idle');
      return;
    }
    setCheck('checking');
    let current = true;
    const timer = setTimeout(() => {
      checkUniquePlanDescription(description).then(
        (answer) => current && setCheck(answer.descriptionValid ? 'unique' : 'taken'),
        () => current && setCheck('idle'),
      );
    }, UNIQUE_CHECK_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
    // Checked again whenever the description changes, and only then.
  }, [form.description]);

  async function save() {
    touchAll(['description', 'countryCode', 'destinationNumber']);
    if (Object.keys(errors).length > 0 || check !== 'unique') return;
    setSaving(true);
    try {
      const answer = await createNewServicePlan(form);
      // An answer without planId is a failure (spec section 4).
      if (!answer.planId) throw new Error('no planId');
      notify(`Service plan '${form.description.trim()}' added and chosen.`);
      onCreated({ id: answer.planId, plan: form.description.trim() });
    } catch (caught) {
      setServerErrors(validationErrors(caught) ?? {});
      setSaving(false);
    }
  }

  const change = (field: string, value: string | number) => {
    setForm({ ...form, [field]: value });
    setServerErrors({});
  };
  const blur = (field: string) => () => left(field);

  return (
    <Dialog
      open
      title="New service plan"
      onClose={onClose}
      onSubmit={() => void save()}
      busy={saving}
      actions={
        <>
          <button type="button" className="button" onClick={onClose} disabled={saving}>
            Cancel
          </button>
          <button
            type="submit"
            className="button button-primary"
            disabled={saving || check !== 'unique'}
            aria-busy={saving || undefined}
          >
            {saving ? 'Saving…' : 'Save'}
          </button>
        </>
      }
    >
      <TextField
        label="Description"
        value={form.description}
        onChange={(value) => change('description', value)}
        onBlur={blur('description')}
        error={shown('description')}
        hint={check === 'checking' ? 'Checking the description…' : undefined}
        disabled={saving}
      />
      <SelectField
        label="International code"
        value={form.countryCode ? String(form.countryCode) : ''}
        placeholder="Choose a code"
        options={details.countryCodes.map((c) => ({ value: String(c.id), label: `${c.description} (+${c.code})` }))}
        onChange={(value) => change('countryCode', Number(value) || 0)}
        onBlur={blur('countryCode')}
        error={shown('countryCode')}
        disabled={saving}
      />
      <TextField
        label="Destination number"
        value={form.destinationNumber}
        inputMode="numeric"
        onChange={(value) => change('destinationNumber', value)}
        onBlur={blur('destinationNumber')}
        error={shown('destinationNumber')}
        disabled={saving}
      />
    </Dialog>
  );
}

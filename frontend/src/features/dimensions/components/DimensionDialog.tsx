import { useEffect, useState } from 'react';
import { Dialog } from '../../../components/Dialog';
import { DialogActions } from '../../../components/DialogActions';
import { SelectField, TextAreaField, TextField } from '../../../components/fields';
import { validateDimension, type DimensionContext } from '../../../domain/dimensions';
import { refusalErrors } from '../../../lib/api';
import { saveDimension, type DimensionValues, type DimensionView, type DimensionsPage } from '../api';

export const SAVE_FAILED = 'The custom dimension could not be saved. Try again later.';

const EMPTY: DimensionValues = { name: '', kind: 'text', choices: '' };

/** What the domain's checks know of the account, for a new dimension or `editing`. */
function contextOf(data: DimensionsPage, editing: DimensionView | null): DimensionContext {
  return {
    otherNames: data.dimensions.filter((d) => d.id !== editing?.id).map((d) => d.name),
    storedKind: editing ? editing.kind : null,
    callsWithValue: editing?.calls ?? 0,
    // The server knows which choices calls have; the browser checks the rest as typed.
    choicesInUse: [],
  };
}

/** Add / Edit custom dimension: checked by the domain (through wasm) as typed, and by the server on save. */
export function DimensionDialog({
  open,
  data,
  editing,
  onClose,
  onSaved,
}: {
  open: boolean;
  data: DimensionsPage;
  editing: DimensionView | null;
  onClose: () => void;
  onSaved: (name: string) => void;
}) {
  const [values, setValues] = useState<DimensionValues>(EMPTY);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!open) return;
    setValues(editing ? { name: editing.name, kind: editing.kind, choices: editing.choices.join('\n') } : EMPTY);
    setTouched({});
    setSubmitted(false);
    setServerErrors({});
    setFailure(null);
  }, [open, editing]);

  const errors = validateDimension(values, contextOf(data, editing));
  const shown = (field: string) => (submitted || touched[field] ? errors[field] : undefined) ?? serverErrors[field];
  const touch = (field: string) => () => setTouched((t) => ({ ...t, [field]: true }));
  const change = (field: keyof DimensionValues, form: string) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setTouched((t) => ({ ...t, [form]: true }));
    setServerErrors({});
  };

  async function save() {
    setSubmitted(true);
    if (Object.keys(errors).length > 0 || saving) return;
    setSaving(true);
    setFailure(null);
    try {
      await saveDimension(editing?.id ?? null, values);
      onSaved(values.name.trim());
    } catch (failed) {
      const fields = refusalErrors(failed);
      if (fields) setServerErrors(fields);
      else setFailure(SAVE_FAILED);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Dialog
      open={open}
      title={editing ? 'Edit custom dimension' : 'Add custom dimension'}
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
        onChange={change('name', 'form_name')}
        onBlur={touch('form_name')}
        error={shown('form_name')}
        disabled={saving}
      />
      <SelectField
        label="Type"
        name="form_kind"
        value={values.kind}
        options={data.kinds.map((k) => ({ value: k.key, label: k.label }))}
        hint={editing && editing.calls > 0 ? 'The type stays while calls have a value.' : undefined}
        onChange={change('kind', 'form_kind')}
        onBlur={touch('form_kind')}
        error={shown('form_kind')}
        disabled={saving}
      />
      {values.kind === 'choice' && (
        <TextAreaField
          label="Choices"
          name="form_choices"
          value={values.choices}
          hint="One a line: 2 to 20, each at most 50 characters."
          onChange={change('choices', 'form_choices')}
          onBlur={touch('form_choices')}
          error={shown('form_choices')}
          disabled={saving}
        />
      )}
    </Dialog>
  );
}

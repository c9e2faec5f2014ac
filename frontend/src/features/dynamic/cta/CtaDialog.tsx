import { useEffect, useState } from 'react';
import { Dialog } from '../../../components/Dialog';
import { DialogActions } from '../../../components/DialogActions';
import { CheckboxField, SelectField, TextAreaField, TextField } from '../../../components/fields';
import { validateCta } from '../../../domain/cta';
import { fieldErrorsOf } from '../../../lib/api';
import { saveCta, type CtaValues, type KindChoice } from './api';

export const SAVE_FAILED = 'The call-to-action could not be saved. Try again later.';

const EMPTY: CtaValues = { name: '', kind: 'call_link', selector: '', allPages: '1', pages: '' };

/** Add / Edit call-to-action: checked by the domain (through wasm) as typed, and by the server on save. */
export function CtaDialog({
  open,
  cta,
  kinds,
  taken,
  onClose,
  onSaved,
}: {
  open: boolean;
  cta: { id: number; form: CtaValues } | null;
  kinds: KindChoice[];
  taken: string[];
  onClose: () => void;
  onSaved: (id: number, name: string) => void;
}) {
  const [values, setValues] = useState<CtaValues>(EMPTY);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!open) return;
    setValues(cta ? { ...cta.form } : EMPTY);
    setTouched({});
    setSubmitted(false);
    setServerErrors({});
    setFailure(null);
  }, [open, cta]);

  const errors = validateCta(values, taken);
  const shown = (field: string) => ((submitted || touched[field]) ? errors[field] : undefined) ?? serverErrors[field];
  const touch = (field: string) => () => setTouched((t) => ({ ...t, [field]: true }));
  const change = (field: keyof CtaValues, form: string) => (value: string) => {
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
      const { id } = await saveCta(cta?.id ?? null, values);
      onSaved(id, values.name.trim());
    } catch (failed) {
      const fields = fieldErrorsOf(failed);
      if (fields) setServerErrors(fields);
      else setFailure(SAVE_FAILED);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Dialog
      open={open}
      title={cta ? 'Edit call-to-action' : 'Add call-to-action'}
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
        label="Kind"
        name="form_kind"
        value={values.kind}
        options={kinds}
        onChange={change('kind', 'form_kind')}
        onBlur={touch('form_kind')}
        error={shown('form_kind')}
        disabled={saving}
      />
      <TextField
        label="CSS selector"
        name="form_selector"
        value={values.selector}
        hint={'The element the tracking script watches, e.g. a[href^="tel:"], #book-now or form.contact.'}
        onChange={change('selector', 'form_selector')}
        onBlur={touch('form_selector')}
        error={shown('form_selector')}
        disabled={saving}
      />
      <CheckboxField
        label="All pages"
        name="form_all_pages"
        checked={values.allPages === '1'}
        onChange={(on) => setValues((v) => ({ ...v, allPages: on ? '1' : '' }))}
        disabled={saving}
      />
      {values.allPages !== '1' && (
        <TextAreaField
          label="Pages"
          name="form_pages"
          value={values.pages}
          hint="One path a line, e.g. /contact; end with * for every page under it, e.g. /book*. At most 20."
          onChange={change('pages', 'form_pages')}
          onBlur={touch('form_pages')}
          error={shown('form_pages')}
          disabled={saving}
        />
      )}
    </Dialog>
  );
}

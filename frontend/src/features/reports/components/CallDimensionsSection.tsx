import { useEffect, useState } from 'react';
import { SectionLoading } from '../../../components/SectionLoading';
import { SelectField, TextField } from '../../../components/fields';
import { checkDimensionValue } from '../../../domain/dimensions';
import { refusalErrors } from '../../../lib/api';
import { useFieldMessages } from '../../../lib/useFieldMessages';
import { getCallDimensions, setCallDimension, type CallDimensions } from '../api';

export const DIMENSIONS_FAILED = 'The custom dimensions could not be loaded. Try again later.';
export const SAVE_FAILED = 'The values could not be saved. Try again later.';

/**
 * The call's custom dimensions: each field with the call's value, edited in one form
 * (checked by the domain as typed) and saved field by field; read only without the right.
 */
export function CallDimensionsSection({ callId, onChanged }: { callId: number; onChanged?: () => void }) {
  const [data, setData] = useState<CallDimensions | null>(null);
  const [failed, setFailed] = useState(false);
  const [values, setValues] = useState<Record<number, string>>({});
  const { errorOf, changed: valueChanged, setServerErrors } = useFieldMessages({});
  const [saving, setSaving] = useState(false);
  const [status, setStatus] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);

  useEffect(() => {
    let live = true;
    getCallDimensions(callId).then(
      (answer) => {
        if (!live) return;
        setData(answer);
        setValues(Object.fromEntries(answer.fields.map((f) => [f.id, f.value])));
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [callId]);

  if (failed) {
    return (
      <p role="alert" className="banner banner-error">
        {DIMENSIONS_FAILED}
      </p>
    );
  }
  if (!data) return <SectionLoading label="Loading the custom dimensions…" />;
  if (data.fields.length === 0) return null;

  const problems = Object.fromEntries(
    data.fields.map((f) => [f.id, checkDimensionValue(f.kind, f.choices, values[f.id] ?? '').error ?? undefined]),
  );
  const changed = data.fields.filter((f) => (values[f.id] ?? '') !== f.value);

  async function save() {
    if (!data || saving || changed.length === 0 || changed.some((f) => problems[f.id])) return;
    setSaving(true);
    setStatus(null);
    let answer = data;
    let current: number | null = null;
    try {
      for (const field of changed) {
        current = field.id;
        answer = await setCallDimension(callId, field.id, values[field.id] ?? '');
      }
      setData(answer);
      setValues(Object.fromEntries(answer.fields.map((f) => [f.id, f.value])));
      setStatus({ kind: 'success', text: 'The custom dimensions were saved.' });
      onChanged?.();
    } catch (failure) {
      // The fields saved before the refusal keep their new values.
      setData(answer);
      const message = refusalErrors(failure)?.form_value;
      if (message && current !== null) setServerErrors({ [String(current)]: message });
      setStatus({ kind: 'error', text: message ?? SAVE_FAILED });
    } finally {
      setSaving(false);
    }
  }

  return (
    <section aria-label="Custom dimensions">
      <h3>Custom dimensions</h3>
      {status && (
        <p role={status.kind === 'error' ? 'alert' : 'status'} className={`banner banner-${status.kind}`}>
          {status.text}
        </p>
      )}
      <form
        className="call-dimensions"
        aria-label="Custom dimensions of this call"
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        {data.fields.map((field) => {
          const change = (value: string) => {
            setValues((v) => ({ ...v, [field.id]: value }));
            valueChanged(String(field.id));
            setStatus(null);
          };
          const error = problems[field.id] ?? errorOf(String(field.id));
          const disabled = !data.canSet || saving;
          return field.kind === 'choice' ? (
            <SelectField
              key={field.id}
              label={field.name}
              name={`dimension_${field.id}`}
              value={values[field.id] ?? ''}
              placeholder="No value"
              options={field.choices.map((c) => ({ value: c, label: c }))}
              onChange={change}
              error={error}
              disabled={disabled}
            />
          ) : (
            <TextField
              key={field.id}
              label={field.name}
              name={`dimension_${field.id}`}
              value={values[field.id] ?? ''}
              inputMode={field.kind === 'number' ? 'numeric' : undefined}
              onChange={change}
              error={error}
              disabled={disabled}
            />
          );
        })}
        {data.canSet && (
          <button
            type="submit"
            className="button button-primary"
            disabled={saving || changed.length === 0}
            aria-busy={saving || undefined}
          >
            Save values
          </button>
        )}
      </form>
    </section>
  );
}

import { TextField } from '../fields';
import type { FieldMessages } from '../../lib/useFieldMessages';
import { useRecordForm } from './useRecordForm';

export interface NameFormProps {
  /** The form's and its field's accessible name ('New category', 'New name for Billing'). */
  label: string;
  /** The field's name as posted, and the key of its messages. */
  field: string;
  /** The name now; '' adds a record (and the field empties after each). */
  initial: string;
  validate: (name: string) => FieldMessages;
  /** Saves the name; resolves with the sentence that says it was saved. */
  save: (name: string) => Promise<string>;
  onSaved: (text: string) => void;
  failedText: string;
  submitLabel: string;
  onCancel?: () => void;
}

/** A record's name edited in place (an add above the list, a rename in its row): checked by the domain as typed. */
export function NameForm({ label, field, initial, validate, save, onSaved, failedText, submitLabel, onCancel }: NameFormProps) {
  const form = useRecordForm({
    initial: { name: initial },
    validate: ({ name }) => validate(name),
    save: ({ name }) => save(name),
    onSaved: (text) => {
      form.reset({ name: initial === '' ? '' : form.values.name.trim() });
      onSaved(text);
    },
    failedText,
    known: (key) => key === field,
  });

  return (
    <form
      className="category-form toolbar-actions"
      aria-label={label}
      onSubmit={(event) => {
        event.preventDefault();
        void form.submit();
      }}
    >
      {form.failure && (
        <p role="alert" className="banner banner-error">
          {form.failure}
        </p>
      )}
      <TextField label={label} {...form.field('name', field)} />
      <button type="submit" className="button button-primary" disabled={form.busy} aria-busy={form.busy || undefined}>
        {submitLabel}
      </button>
      {onCancel && (
        <button type="button" className="button" onClick={onCancel} disabled={form.busy}>
          Cancel
        </button>
      )}
    </form>
  );
}

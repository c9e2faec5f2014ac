import type { ReactNode } from 'react';
import { Dialog } from '../Dialog';
import { DialogActions } from '../DialogActions';
import { useRecordForm, type RecordForm, type RecordFormOptions } from './useRecordForm';

export interface RecordDialogProps<V extends object> extends RecordFormOptions<V> {
  title: string;
  onClose: () => void;
  submitLabel?: string;
  /** A sentence above the form. */
  intro?: ReactNode;
  /** The form's fields, given the form's state ({...form.field('name', 'form_name')} wires a field). */
  children: (form: RecordForm<V>) => ReactNode;
}

/** Add or edit a record: its fields checked by the domain as typed, saved, and the server's refusals on their fields. */
export function RecordDialog<V extends object>({
  title,
  onClose,
  submitLabel = 'Save',
  intro,
  children,
  ...options
}: RecordDialogProps<V>) {
  const form = useRecordForm(options);
  return (
    <Dialog
      open
      title={title}
      onClose={onClose}
      onSubmit={() => void form.submit()}
      busy={form.busy}
      actions={<DialogActions onCancel={onClose} submitLabel={submitLabel} busyLabel="Saving…" busy={form.busy} />}
    >
      {intro && <p>{intro}</p>}
      {form.failure && (
        <p role="alert" className="banner banner-error">
          {form.failure}
        </p>
      )}
      {children(form)}
    </Dialog>
  );
}

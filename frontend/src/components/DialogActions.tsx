/**
 * A form dialog's buttons: Cancel, and the submit button, which says `busyLabel` and is off
 * while the dialog saves (and while `disabled`).
 */
export function DialogActions({
  onCancel,
  submitLabel,
  busyLabel,
  busy,
  disabled = false,
}: {
  onCancel: () => void;
  submitLabel: string;
  busyLabel: string;
  busy: boolean;
  disabled?: boolean;
}) {
  return (
    <>
      <button type="button" className="button" onClick={onCancel} disabled={busy}>
        Cancel
      </button>
      <button type="submit" className="button button-primary" disabled={busy || disabled} aria-busy={busy || undefined}>
        {busy ? busyLabel : submitLabel}
      </button>
    </>
  );
}

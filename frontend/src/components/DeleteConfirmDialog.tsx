import { Dialog } from './Dialog';

export interface DeleteConfirmDialogProps {
  open: boolean;
  message: string;
  onCancel: () => void;
  onConfirm: () => void;
  busy?: boolean;
  title?: string;
  confirmLabel?: string;
}

export function DeleteConfirmDialog({
  open,
  message,
  onCancel,
  onConfirm,
  busy = false,
  title = 'Are you sure?',
  confirmLabel = 'Delete',
}: DeleteConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      title={title}
      onClose={onCancel}
      onSubmit={() => {
        if (!busy) onConfirm();
      }}
      busy={busy}
      actions={
        <>
          <button type="button" className="button" onClick={onCancel} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className="button button-danger" data-autofocus disabled={busy}>
            {confirmLabel}
          </button>
        </>
      }
    >
      <p>{message}</p>
    </Dialog>
  );
}

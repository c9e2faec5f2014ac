import { Dialog } from './Dialog';

export interface DeleteConfirmDialogProps {
  open: boolean;
  message: string;
  onCancel: () => void;
  onConfirm: () => void;
  busy?: boolean;
}

export function DeleteConfirmDialog({ open, message, onCancel, onConfirm, busy = false }: DeleteConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      title="Are you sure?"
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
            Delete
          </button>
        </>
      }
    >
      <p>{message}</p>
    </Dialog>
  );
}

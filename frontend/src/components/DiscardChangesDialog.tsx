import { Dialog } from './Dialog';

/**
 * Asks before edits that were not saved are thrown away. 'Keep editing' has the focus first, and
 * Escape or the backdrop keep editing too: only 'Discard changes' loses the edits.
 */
export function DiscardChangesDialog({
  open,
  onKeepEditing,
  onDiscard,
  message = 'Your changes have not been saved.',
}: {
  open: boolean;
  onKeepEditing: () => void;
  onDiscard: () => void;
  message?: string;
}) {
  return (
    <Dialog
      open={open}
      title="Discard your changes?"
      onClose={onKeepEditing}
      actions={
        <>
          <button type="button" className="button" data-autofocus onClick={onKeepEditing}>
            Keep editing
          </button>
          <button type="button" className="button button-danger" onClick={onDiscard}>
            Discard changes
          </button>
        </>
      }
    >
      <p>{message}</p>
    </Dialog>
  );
}

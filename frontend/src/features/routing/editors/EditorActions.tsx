/** Which save of an editor with a 'Save as new' button is under way. */
export type SaveAction = 'save' | 'update' | 'saveAsNew';

export interface EditorActionsProps {
  /** Whether the record exists already (its submit button says 'Update'). */
  existing: boolean;
  /**
   * The save under way: false or null while idle; true in an editor with one save button, else
   * which of its actions.
   */
  saving: boolean | SaveAction | null;
  onCancel: () => void;
  /** Offers 'Save as new' before 'Update' on an existing record. */
  onSaveAsNew?: () => void;
  /** The submit button's text on a new record, and while that save runs. */
  newLabel?: string;
  newBusyLabel?: string;
}

/**
 * The footer of a routing editor dialog: Cancel, then the submit button ('Save' for a new record,
 * 'Update' for an existing one), with 'Save as new' before 'Update' when offered. Every button is
 * disabled while a save runs; with two save buttons each names its own save ('Saving…' /
 * 'Updating…'), a lone submit button says 'Saving…' (or `newBusyLabel`).
 */
export function EditorActions({
  existing,
  saving,
  onCancel,
  onSaveAsNew,
  newLabel = 'Save',
  newBusyLabel = 'Saving…',
}: EditorActionsProps) {
  const busy = saving !== null && saving !== false;
  return (
    <>
      <button type="button" className="button" onClick={onCancel} disabled={busy}>
        Cancel
      </button>
      {existing && onSaveAsNew ? (
        <>
          <button type="button" className="button" onClick={onSaveAsNew} disabled={busy}>
            {saving === 'saveAsNew' ? 'Saving…' : 'Save as new'}
          </button>
          <button type="submit" className="button button-primary" disabled={busy}>
            {saving === 'update' ? 'Updating…' : 'Update'}
          </button>
        </>
      ) : (
        <button type="submit" className="button button-primary" disabled={busy}>
          {existing ? (busy ? 'Saving…' : 'Update') : busy ? newBusyLabel : newLabel}
        </button>
      )}
    </>
  );
}

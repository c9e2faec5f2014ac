import { useState } from 'react';
import { Dialog } from '../../components/Dialog';
import { DialogActions } from '../../components/DialogActions';
import { validationErrors } from '../../lib/api';
import { updateNumbers, type NumberLists, type NumberRow } from './api';
import { ATTRIBUTION_FIELDS, AttributionFields, useAttributionForm } from './attribution';
import { ACTION_FAILED, plural } from './messages';

/** Edits the attribution fields of the chosen numbers; with several, a field left unchanged is not posted. */
export function EditAttributionDialog({
  rows,
  lists,
  onListsChange,
  onSaved,
  onClose,
}: {
  rows: NumberRow[];
  lists: NumberLists;
  onListsChange: (lists: NumberLists) => void;
  onSaved: (text: string) => void;
  onClose: () => void;
}) {
  const state = useAttributionForm(rows);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function save() {
    state.touchAll(ATTRIBUTION_FIELDS);
    setFailure(null);
    if (Object.keys(state.errors).length > 0) return;
    setSaving(true);
    try {
      const { updated } = await updateNumbers(
        rows.map((row) => row.id),
        state.change,
      );
      onSaved(rows.length === 1 ? `${rows[0].number} saved.` : `${plural(updated, 'number')} saved.`);
    } catch (caught) {
      const fields = validationErrors(caught);
      if (fields && Object.keys(fields).length > 0) {
        state.setServerErrors(fields);
        if (fields.ids) setFailure(fields.ids);
      } else setFailure(ACTION_FAILED);
      setSaving(false);
    }
  }

  return (
    <Dialog
      open
      title="Edit attribution"
      onClose={onClose}
      onSubmit={() => void save()}
      busy={saving}
      actions={<DialogActions onCancel={onClose} submitLabel="Save" busyLabel="Saving…" busy={saving} />}
    >
      <p>{rows.length === 1 ? rows[0].number : `${plural(rows.length, 'number')} selected.`}</p>
      {failure && (
        <p role="alert" className="banner banner-error">
          {failure}
        </p>
      )}
      <AttributionFields state={state} lists={lists} onListsChange={onListsChange} disabled={saving} />
    </Dialog>
  );
}

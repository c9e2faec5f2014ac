import { useState } from 'react';
import { useSnackbar } from '../../Snackbar';
import { Dialog } from '../../Dialog';
import { TextField } from '../../fields';
import { validateInlineAdd, type InlineList } from '../../../domain/services';
import { validationErrors } from '../../../lib/api';
import { insertListItem, type Item } from './api';
import { FORM_FAILED } from './messages';
import { DialogActions } from '../../DialogActions';

const FIELD: Record<InlineList, string> = {
  channel: 'channel',
  mediaOwner: 'mediaowner',
  department: 'department',
  campaign: 'campaign',
};

/** Adds a channel, media owner, department or campaign; the new item is handed back to be put first and chosen. */
export function InlineAddDialog({
  list,
  title,
  taken,
  onAdded,
  onClose,
}: {
  list: InlineList;
  title: string;
  taken: string[];
  onAdded: (item: Item) => void;
  onClose: () => void;
}) {
  const notify = useSnackbar();
  const [description, setDescription] = useState('');
  const [touched, setTouched] = useState(false);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const errors = validateInlineAdd(list, description, taken);
  const error = touched ? (errors[FIELD[list]] ?? failure) : failure;

  async function save() {
    setTouched(true);
    if (Object.keys(errors).length > 0) return;
    setSaving(true);
    setFailure(null);
    try {
      const { id } = await insertListItem(list, description.trim());
      // 'Add campaign' → "Campaign 'Local paper' added and chosen."
      const noun = title.replace(/^Add /, '');
      notify(`${noun.charAt(0).toUpperCase()}${noun.slice(1)} '${description.trim()}' added and chosen.`);
      onAdded({ id, description: description.trim() });
    } catch (caught) {
      setFailure(validationErrors(caught)?.[FIELD[list]] ?? FORM_FAILED);
      setSaving(false);
    }
  }

  return (
    <Dialog
      open
      title={title}
      onClose={onClose}
      onSubmit={() => void save()}
      busy={saving}
      actions={<DialogActions onCancel={onClose} submitLabel="Save" busyLabel="Saving…" busy={saving} />}
    >
      <TextField
        label="Description"
        value={description}
        onChange={(value) => {
          setDescription(value);
          setFailure(null);
        }}
        onBlur={() => setTouched(true)}
        error={error}
        disabled={saving}
      />
    </Dialog>
  );
}

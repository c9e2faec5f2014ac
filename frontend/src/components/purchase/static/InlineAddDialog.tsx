import { useState } from 'react';
import { useSnackbar } from '../../Snackbar';
import { Dialog } from '../../Dialog';
import { TextField } from '../../fields';
import { validateInlineAdd, type InlineList } from '../../../domain/services';
import { validationErrors } from '../../../lib/api';
import { useFieldMessages } from '../../../lib/useFieldMessages';
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
  const [saving, setSaving] = useState(false);
  const field = FIELD[list];
  const errors = validateInlineAdd(list, description, taken);
  const { errorOf, left, changed, showAllErrors, setServerErrors } = useFieldMessages(errors);

  async function save() {
    showAllErrors();
    if (Object.keys(errors).length > 0) return;
    setSaving(true);
    setServerErrors({});
    try {
      const { id } = await insertListItem(list, description.trim());
      // 'Add campaign' → "Campaign 'Local paper' added and chosen."
      const noun = title.replace(/^Add /, '');
      notify(`${noun.charAt(0).toUpperCase()}${noun.slice(1)} '${description.trim()}' added and chosen.`);
      onAdded({ id, description: description.trim() });
    } catch (caught) {
      setServerErrors({ [field]: validationErrors(caught)?.[field] ?? FORM_FAILED });
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
          changed(field);
        }}
        onBlur={() => left(field)}
        error={errorOf(field)}
        disabled={saving}
      />
    </Dialog>
  );
}

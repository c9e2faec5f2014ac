import { useEffect, useState } from 'react';
import { Dialog } from '../../../../components/Dialog';
import { DialogActions } from '../../../../components/DialogActions';
import { TextField } from '../../../../components/fields';
import { TagChip } from '../../../../components/TagChip';
import { validateTag } from '../../../../domain/tags';
import { validationErrors } from '../../../../lib/api';
import { saveTag } from '../../api/tags';

export const SAVE_FAILED = 'The tag could not be saved. Try again later.';

/** Add tag / Edit tag: a name and a colour, checked by the domain as typed and by the server on save. */
export function TagDialog({
  open,
  tag,
  taken,
  onClose,
  onSaved,
}: {
  open: boolean;
  tag: { id: number; description: string; colour: string } | null;
  taken: string[];
  onClose: () => void;
  onSaved: (name: string) => void;
}) {
  const [description, setDescription] = useState('');
  const [colour, setColour] = useState('#1565c0');
  const [touched, setTouched] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!open) return;
    setDescription(tag?.description ?? '');
    setColour(tag?.colour ?? '#1565c0');
    setTouched(false);
    setServerErrors({});
    setFailure(null);
  }, [open, tag]);

  const errors = validateTag({ description, colour }, taken);
  const shown = (field: string) => (touched ? errors[field] : undefined) ?? serverErrors[field];

  async function save() {
    setTouched(true);
    if (Object.keys(errors).length > 0 || saving) return;
    setSaving(true);
    setFailure(null);
    try {
      await saveTag(tag?.id ?? null, description, colour);
      onSaved(description.trim());
    } catch (failed) {
      const fields = validationErrors(failed);
      if (fields) setServerErrors(fields);
      else setFailure(SAVE_FAILED);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Dialog
      open={open}
      title={tag ? 'Edit tag' : 'Add tag'}
      onClose={onClose}
      onSubmit={() => void save()}
      busy={saving}
      actions={<DialogActions onCancel={onClose} submitLabel="Save" busyLabel="Saving…" busy={saving} />}
    >
      {failure && (
        <p role="alert" className="banner banner-error">
          {failure}
        </p>
      )}
      <TextField
        label="Description"
        name="form_description"
        value={description}
        onChange={(value) => {
          setDescription(value);
          setServerErrors({});
        }}
        onBlur={() => setTouched(true)}
        error={shown('form_description')}
        disabled={saving}
      />
      <div className="tag-swatch-row">
        <TextField
          label="Colour"
          name="form_colour"
          value={colour}
          hint="A hex code such as #2e7d32, dark enough for white text."
          onChange={(value) => {
            setColour(value);
            setServerErrors({});
          }}
          onBlur={() => setTouched(true)}
          error={shown('form_colour')}
          disabled={saving}
        />
        {!errors.form_colour && <TagChip name={description.trim() || 'Preview'} colour={colour.trim()} />}
      </div>
    </Dialog>
  );
}

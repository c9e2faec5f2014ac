import { TextField } from '../../../../components/fields';
import { RecordDialog } from '../../../../components/records/RecordDialog';
import { TagChip } from '../../../../components/TagChip';
import { validateTag } from '../../../../domain/tags';
import { saveTag } from '../../api/tags';

export const SAVE_FAILED = 'The tag could not be saved. Try again later.';

/** Add tag / Edit tag: a name and a colour, checked by the domain as typed and by the server on save. */
export function TagDialog({
  tag,
  taken,
  onClose,
  onSaved,
}: {
  tag: { id: number; description: string; colour: string } | null;
  taken: string[];
  onClose: () => void;
  onSaved: (text: string) => void;
}) {
  return (
    <RecordDialog
      title={tag ? 'Edit tag' : 'Add tag'}
      initial={{ description: tag?.description ?? '', colour: tag?.colour ?? '#1565c0' }}
      validate={(values) => validateTag(values, taken)}
      save={async ({ description, colour }) => {
        await saveTag(tag?.id ?? null, description, colour);
        return `The tag '${description.trim()}' was saved.`;
      }}
      failedText={SAVE_FAILED}
      onClose={onClose}
      onSaved={onSaved}
    >
      {(form) => (
        <>
          <TextField label="Description" {...form.field('description', 'form_description')} />
          <div className="tag-swatch-row">
            <TextField
              label="Colour"
              {...form.field('colour', 'form_colour')}
              hint="A hex code such as #2e7d32, dark enough for white text."
            />
            {!form.errors.form_colour && (
              <TagChip name={form.values.description.trim() || 'Preview'} colour={form.values.colour.trim()} />
            )}
          </div>
        </>
      )}
    </RecordDialog>
  );
}

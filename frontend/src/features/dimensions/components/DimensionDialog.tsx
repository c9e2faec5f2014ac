import { SelectField, TextAreaField, TextField } from '../../../components/fields';
import { RecordDialog } from '../../../components/records/RecordDialog';
import { validateDimension, type DimensionContext } from '../../../domain/dimensions';
import { saveDimension, type DimensionsPage, type DimensionValues, type DimensionView } from '../api';

export const SAVE_FAILED = 'The custom dimension could not be saved. Try again later.';

const EMPTY: DimensionValues = { name: '', kind: 'text', choices: '' };

/** What the domain's checks know of the account, for a new dimension or `editing`. */
function contextOf(data: DimensionsPage, editing: DimensionView | null): DimensionContext {
  return {
    otherNames: data.dimensions.filter((d) => d.id !== editing?.id).map((d) => d.name),
    storedKind: editing ? editing.kind : null,
    callsWithValue: editing?.calls ?? 0,
    // The server knows which choices calls have; the browser checks the rest as typed.
    choicesInUse: [],
  };
}

/** Add / Edit custom dimension: checked by the domain (through wasm) as typed, and by the server on save. */
export function DimensionDialog({
  data,
  editing,
  onClose,
  onSaved,
}: {
  data: DimensionsPage;
  editing: DimensionView | null;
  onClose: () => void;
  onSaved: (text: string) => void;
}) {
  const context = contextOf(data, editing);
  return (
    <RecordDialog
      title={editing ? 'Edit custom dimension' : 'Add custom dimension'}
      initial={editing ? { name: editing.name, kind: editing.kind, choices: editing.choices.join('\n') } : EMPTY}
      validate={(values) => validateDimension(values, context)}
      save={async (values) => {
        await saveDimension(editing?.id ?? null, values);
        return `The custom dimension '${values.name.trim()}' was saved.`;
      }}
      failedText={SAVE_FAILED}
      onClose={onClose}
      onSaved={onSaved}
    >
      {(form) => (
        <>
          <TextField label="Name" {...form.field('name', 'form_name')} />
          <SelectField
            label="Type"
            {...form.field('kind', 'form_kind')}
            options={data.kinds.map((k) => ({ value: k.key, label: k.label }))}
            hint={editing && editing.calls > 0 ? 'The type stays while calls have a value.' : undefined}
          />
          {form.values.kind === 'choice' && (
            <TextAreaField
              label="Choices"
              {...form.field('choices', 'form_choices')}
              hint="One a line: 2 to 20, each at most 50 characters."
            />
          )}
        </>
      )}
    </RecordDialog>
  );
}

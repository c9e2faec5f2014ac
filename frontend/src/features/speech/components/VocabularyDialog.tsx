import { TextAreaField, TextField } from '../../../components/fields';
import { RecordDialog } from '../../../components/records/RecordDialog';
import { validateVocabulary } from '../../../domain/speech';
import { saveVocabulary, type VocabularyView } from '../api';

export const SAVE_FAILED = 'The vocabulary could not be saved. Try again later.';

/** Add vocabulary / Edit vocabulary: a name and the account's words and phrases, one a line. */
export function VocabularyDialog({
  editing,
  taken,
  onClose,
  onSaved,
}: {
  editing: VocabularyView | null;
  taken: string[];
  onClose: () => void;
  onSaved: (text: string) => void;
}) {
  return (
    <RecordDialog
      title={editing ? 'Edit vocabulary' : 'Add vocabulary'}
      initial={{ description: editing?.description ?? '', words: editing?.words.join('\n') ?? '' }}
      validate={(values) => validateVocabulary(values, taken)}
      save={async (values) => {
        await saveVocabulary(editing?.id ?? null, values.description, values.words);
        return `The vocabulary '${values.description.trim()}' was saved.`;
      }}
      failedText={SAVE_FAILED}
      onClose={onClose}
      onSaved={onSaved}
    >
      {(form) => (
        <>
          <TextField label="Name" {...form.field('description', 'form_description')} />
          <TextAreaField
            label="Words and phrases"
            {...form.field('words', 'form_words')}
            hint="One a line, up to 100: product names, places, people, as callers say them (at most 4 words each)."
            rows={8}
          />
        </>
      )}
    </RecordDialog>
  );
}

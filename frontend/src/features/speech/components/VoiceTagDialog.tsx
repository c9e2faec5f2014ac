import { SelectField, TextAreaField, TextField, type Option } from '../../../components/fields';
import { RecordDialog } from '../../../components/records/RecordDialog';
import { validateVoiceTag } from '../../../domain/speech';
import { saveVoiceTag, type VoiceTagView } from '../api';

export const SAVE_FAILED = 'The voice tag could not be saved. Try again later.';

/** Add voice tag / Edit voice tag: the name shown in the call log, the phrases, whose words count. */
export function VoiceTagDialog({
  editing,
  taken,
  sides,
  onClose,
  onSaved,
}: {
  editing: VoiceTagView | null;
  taken: string[];
  sides: Option[];
  onClose: () => void;
  onSaved: (text: string) => void;
}) {
  return (
    <RecordDialog
      title={editing ? 'Edit voice tag' : 'Add voice tag'}
      initial={{
        description: editing?.description ?? '',
        phrases: editing?.phrases.join('\n') ?? '',
        side: editing?.side ?? 'either',
      }}
      validate={(values) => validateVoiceTag(values, taken)}
      save={async ({ description, phrases, side }) => {
        const saved = await saveVoiceTag(editing?.id ?? null, description, phrases, side);
        const calls = saved.taggedCalls === 1 ? '1 call has' : `${saved.taggedCalls} calls have`;
        return `The voice tag '${description.trim()}' was saved. ${saved.transcripts} transcripts searched: ${calls} voice tags.`;
      }}
      failedText={SAVE_FAILED}
      onClose={onClose}
      onSaved={onSaved}
    >
      {(form) => (
        <>
          <TextField
            label="Name"
            {...form.field('description', 'form_description')}
            hint="Shown as a tag on the calls it is found in."
          />
          <TextAreaField
            label="Phrases"
            {...form.field('phrases', 'form_phrases')}
            hint="One a line, up to 10, each at most 6 words. Whole words match, whatever the case and punctuation."
          />
          <SelectField label="Said by" {...form.field('side', 'form_side')} options={sides} />
        </>
      )}
    </RecordDialog>
  );
}

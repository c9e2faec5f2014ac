import { TextField } from '../../../components/fields';
import { RecordDialog } from '../../../components/records/RecordDialog';
import { validateScorecard } from '../../../domain/scoring';
import { saveScorecard, type ScorecardView } from '../api';
import { NEW_QUESTION, ScorecardQuestions } from './ScorecardQuestions';

export const SAVE_FAILED = 'The scorecard could not be saved. Try again later.';

/** Add scorecard / Edit scorecard: a name and 1 to 20 questions, each answered yes / no or 1 to 5, with a weight. */
export function ScorecardDialog({
  card,
  taken,
  onClose,
  onSaved,
}: {
  card: ScorecardView | null;
  taken: string[];
  onClose: () => void;
  onSaved: (text: string) => void;
}) {
  return (
    <RecordDialog
      title={card ? 'Edit scorecard' : 'Add scorecard'}
      submitLabel="Save scorecard"
      initial={{
        name: card?.name ?? '',
        questions: card ? card.questions.map((q) => ({ text: q.text, kind: q.kind, weight: String(q.weight) })) : [NEW_QUESTION],
      }}
      validate={(values) => validateScorecard(values, taken)}
      save={async ({ name, questions }) => {
        await saveScorecard(card?.id ?? null, name, questions);
        return `The scorecard '${name.trim()}' was saved.`;
      }}
      failedText={SAVE_FAILED}
      onClose={onClose}
      onSaved={onSaved}
    >
      {(form) => (
        <>
          <TextField label="Name" {...form.field('name', 'form_name')} />
          <ScorecardQuestions
            questions={form.values.questions}
            onChange={(questions, field) => form.update((v) => ({ ...v, questions }), ...(field ? [field] : []))}
            errorOf={form.errorOf}
            disabled={form.busy}
          />
        </>
      )}
    </RecordDialog>
  );
}

import { useEffect, useState } from 'react';
import { Dialog } from '../../../components/Dialog';
import { DialogActions } from '../../../components/DialogActions';
import { SelectField, TextField } from '../../../components/fields';
import { validateScorecard } from '../../../domain/scoring';
import { refusalErrors } from '../../../lib/api';
import { saveScorecard, type QuestionValues, type ScorecardView } from '../api';

export const SAVE_FAILED = 'The scorecard could not be saved. Try again later.';
const KINDS = [
  { value: 'yesNo', label: 'Yes / no' },
  { value: 'scale', label: '1 to 5' },
];
const WEIGHTS = Array.from({ length: 10 }, (_, i) => ({ value: String(i + 1), label: String(i + 1) }));
const MAX_QUESTIONS = 20;
const NEW_QUESTION: QuestionValues = { text: '', kind: 'yesNo', weight: '1' };

/** Add scorecard / Edit scorecard: a name and 1 to 20 questions, each answered yes / no or 1 to 5, with a weight. */
export function ScorecardDialog({
  open,
  card,
  taken,
  onClose,
  onSaved,
}: {
  open: boolean;
  card: ScorecardView | null;
  taken: string[];
  onClose: () => void;
  onSaved: (name: string) => void;
}) {
  const [name, setName] = useState('');
  const [questions, setQuestions] = useState<QuestionValues[]>([NEW_QUESTION]);
  const [touched, setTouched] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!open) return;
    setName(card?.name ?? '');
    setQuestions(
      card ? card.questions.map((q) => ({ text: q.text, kind: q.kind, weight: String(q.weight) })) : [NEW_QUESTION],
    );
    setTouched(false);
    setServerErrors({});
    setFailure(null);
  }, [open, card]);

  const errors = validateScorecard({ name, questions }, taken);
  const shown = (field: string) => (touched ? errors[field] : undefined) ?? serverErrors[field];
  const setQuestion = (i: number, key: keyof QuestionValues) => (value: string) => {
    setQuestions((qs) => qs.map((q, j) => (j === i ? { ...q, [key]: value } : q)));
    setServerErrors({});
  };

  async function save() {
    setTouched(true);
    if (Object.keys(errors).length > 0 || saving) return;
    setSaving(true);
    setFailure(null);
    try {
      await saveScorecard(card?.id ?? null, name, questions);
      onSaved(name.trim());
    } catch (failed) {
      const fields = refusalErrors(failed);
      if (fields) setServerErrors(fields);
      else setFailure(SAVE_FAILED);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Dialog
      open={open}
      title={card ? 'Edit scorecard' : 'Add scorecard'}
      onClose={onClose}
      onSubmit={() => void save()}
      busy={saving}
      actions={<DialogActions onCancel={onClose} submitLabel="Save scorecard" busyLabel="Saving…" busy={saving} />}
    >
      {failure && (
        <p role="alert" className="banner banner-error">
          {failure}
        </p>
      )}
      <TextField
        label="Name"
        name="form_name"
        value={name}
        onChange={(value) => {
          setName(value);
          setServerErrors({});
        }}
        onBlur={() => setTouched(true)}
        error={shown('form_name')}
        disabled={saving}
      />
      <fieldset className="field-group">
        <legend>Questions</legend>
        <p className="field-hint">
          A call's score is the weighted share of the best answers: yes counts fully, no not at all, and 1 to 5 from
          nothing to fully.
        </p>
        {shown('form_questions') && (
          <p role="alert" className="field-error">
            {shown('form_questions')}
          </p>
        )}
        {questions.map((q, i) => (
          <div key={i} className="question-row">
            <TextField
              label={`Question ${i + 1}`}
              name={`form_question_text[${i}]`}
              value={q.text}
              onChange={setQuestion(i, 'text')}
              onBlur={() => setTouched(true)}
              error={shown(`form_question_text[${i}]`)}
              disabled={saving}
            />
            <SelectField
              label={`Answer ${i + 1}`}
              name={`form_question_kind[${i}]`}
              value={q.kind}
              options={KINDS}
              onChange={setQuestion(i, 'kind')}
              error={shown(`form_question_kind[${i}]`)}
              disabled={saving}
            />
            <SelectField
              label={`Weight ${i + 1}`}
              name={`form_question_weight[${i}]`}
              value={q.weight}
              options={WEIGHTS}
              onChange={setQuestion(i, 'weight')}
              error={shown(`form_question_weight[${i}]`)}
              disabled={saving}
            />
            <button
              type="button"
              className="button"
              aria-label={`Remove question ${i + 1}`}
              disabled={saving || questions.length === 1}
              onClick={() => setQuestions((qs) => qs.filter((_, j) => j !== i))}
            >
              Remove
            </button>
          </div>
        ))}
        <button
          type="button"
          className="button"
          disabled={saving || questions.length >= MAX_QUESTIONS}
          onClick={() => setQuestions((qs) => [...qs, NEW_QUESTION])}
        >
          Add question
        </button>
      </fieldset>
    </Dialog>
  );
}

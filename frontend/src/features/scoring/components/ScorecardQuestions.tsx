import { SelectField, TextField } from '../../../components/fields';
import type { QuestionValues } from '../api';

const KINDS = [
  { value: 'yesNo', label: 'Yes / no' },
  { value: 'scale', label: '1 to 5' },
];
const WEIGHTS = Array.from({ length: 10 }, (_, i) => ({ value: String(i + 1), label: String(i + 1) }));
const MAX_QUESTIONS = 20;
export const NEW_QUESTION: QuestionValues = { text: '', kind: 'yesNo', weight: '1' };

/** A scorecard's questions, each answered yes / no or 1 to 5, with a weight; added and removed in place. */
export function ScorecardQuestions({
  questions,
  onChange,
  errorOf,
  disabled,
}: {
  questions: QuestionValues[];
  /** The questions after a change, and the field that changed (none when one was added or removed). */
  onChange: (questions: QuestionValues[], field?: string) => void;
  errorOf: (field: string) => string | undefined;
  disabled: boolean;
}) {
  const set = (i: number, key: keyof QuestionValues, field: string) => (value: string) =>
    onChange(
      questions.map((q, j) => (j === i ? { ...q, [key]: value } : q)),
      `${field}[${i}]`,
    );
  return (
    <fieldset className="field-group">
      <legend>Questions</legend>
      <p className="field-hint">
        A call's score is the weighted share of the best answers: yes counts fully, no not at all, and 1 to 5 from
        nothing to fully.
      </p>
      {errorOf('form_questions') && (
        <p role="alert" className="field-error">
          {errorOf('form_questions')}
        </p>
      )}
      {questions.map((q, i) => (
        <div key={i} className="question-row">
          <TextField
            label={`Question ${i + 1}`}
            name={`form_question_text[${i}]`}
            value={q.text}
            onChange={set(i, 'text', 'form_question_text')}
            error={errorOf(`form_question_text[${i}]`)}
            disabled={disabled}
          />
          <SelectField
            label={`Answer ${i + 1}`}
            name={`form_question_kind[${i}]`}
            value={q.kind}
            options={KINDS}
            onChange={set(i, 'kind', 'form_question_kind')}
            error={errorOf(`form_question_kind[${i}]`)}
            disabled={disabled}
          />
          <SelectField
            label={`Weight ${i + 1}`}
            name={`form_question_weight[${i}]`}
            value={q.weight}
            options={WEIGHTS}
            onChange={set(i, 'weight', 'form_question_weight')}
            error={errorOf(`form_question_weight[${i}]`)}
            disabled={disabled}
          />
          <button
            type="button"
            className="button"
            aria-label={`Remove question ${i + 1}`}
            disabled={disabled || questions.length === 1}
            onClick={() => onChange(questions.filter((_, j) => j !== i))}
          >
            Remove
          </button>
        </div>
      ))}
      <button
        type="button"
        className="button"
        disabled={disabled || questions.length >= MAX_QUESTIONS}
        onClick={() => onChange([...questions, NEW_QUESTION])}
      >
        Add question
      </button>
    </fieldset>
  );
}

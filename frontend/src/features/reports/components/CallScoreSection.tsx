import { useState } from 'react';
import { RadioGroupField, SelectField } from '../../../components/fields';
import { scoreAnswers } from '../../../domain/scoring';
import { refusalErrors } from '../../../lib/api';
import { useFieldMessages } from '../../../lib/useFieldMessages';
import { scoreCall, type CallScoring } from '../api';

export const SCORE_FAILED = 'The score could not be saved. Try again later.';
const YES_NO = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
];
const SCALE = ['1', '2', '3', '4', '5'].map((n) => ({ value: n, label: n }));

/**
 * The call's scores and lead score; with the scoring right, "Score this call": a scorecard's
 * questions answered by radio groups, the score worked out by the domain as they are answered,
 * saved to the server (then `onChanged`, so the log shows it).
 */
export function CallScoreSection({
  callId,
  initial,
  onChanged,
  onScored,
}: {
  callId: number;
  initial: CallScoring;
  onChanged?: () => void;
  /** The call's scores after a score is saved (the detail's summary shows the latest). */
  onScored?: (scoring: CallScoring) => void;
}) {
  const [scoring, setScoring] = useState(initial);
  const [cardId, setCardId] = useState('');
  const [answers, setAnswers] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);

  const card = scoring.scorecards.find((c) => String(c.id) === cardId) ?? null;
  const questions = (card?.questions ?? []).map((q) => ({ ...q, kind: q.kind as 'yesNo' | 'scale' }));
  const result = card ? scoreAnswers(questions, questions.map((_, i) => answers[i] ?? '')) : null;
  const { errorOf, showAllErrors, setServerErrors, reset } = useFieldMessages(result?.errors ?? {});

  function choose(id: string) {
    setCardId(id);
    setAnswers([]);
    reset();
    setSaved(null);
  }

  async function save() {
    showAllErrors();
    if (!card || !result || result.score === null || busy) return;
    setBusy(true);
    setFailure(null);
    try {
      const after = await scoreCall(callId, card.id, questions.map((_, i) => answers[i] ?? ''));
      setScoring(after);
      onScored?.(after);
      setSaved(`Scored ${after.scores[0]?.label ?? ''} with ${card.name}.`);
      setCardId('');
      setAnswers([]);
      reset();
      onChanged?.();
    } catch (failed) {
      const fields = refusalErrors(failed);
      if (fields) setServerErrors(fields);
      else setFailure(SCORE_FAILED);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-label="Score">
      <h3>Score</h3>
      {saved && (
        <p role="status" className="banner banner-success">
          {saved}
        </p>
      )}
      {failure && (
        <p role="alert" className="banner banner-error">
          {failure}
        </p>
      )}
      {scoring.leadScore && <p>Lead score: {scoring.leadScore}</p>}
      {scoring.scores.length === 0 ? (
        <p>Not scored.</p>
      ) : (
        <ul aria-label="Scores given">
          {scoring.scores.map((s) => (
            <li key={s.scorecardId}>
              <strong>{s.label}</strong> with {s.scorecard}, by {s.scoredBy || 'a user'} on {s.scoredAt}
            </li>
          ))}
        </ul>
      )}
      {scoring.canScore && scoring.scorecards.length > 0 && (
        <form
          className="score-form"
          aria-label="Score this call"
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <h4>Score this call</h4>
          <SelectField
            label="Scorecard"
            name="form_scorecard_id"
            value={cardId}
            placeholder="Choose a scorecard"
            options={scoring.scorecards.map((c) => ({ value: String(c.id), label: c.name }))}
            onChange={choose}
            disabled={busy}
          />
          {questions.map((q, i) => (
            <RadioGroupField
              key={`${cardId}-${i}`}
              label={`${i + 1}. ${q.text}`}
              name={`form_answer[${i}]`}
              value={answers[i] ?? ''}
              options={q.kind === 'scale' ? SCALE : YES_NO}
              hint={q.kind === 'scale' ? '1 poor, 5 excellent' : undefined}
              onChange={(value) => {
                setAnswers((a) => {
                  const next = [...a];
                  next[i] = value;
                  return next;
                });
                setServerErrors({});
              }}
              error={errorOf(`form_answer[${i}]`)}
              disabled={busy}
            />
          ))}
          {card && (
            <p className="score-result" aria-live="polite">
              {result?.score !== null && result?.score !== undefined ? `Score: ${result.score}%` : 'Answer every question to see the score.'}
            </p>
          )}
          {card && (
            <button type="submit" className="button button-primary" disabled={busy} aria-busy={busy || undefined}>
              Save score
            </button>
          )}
        </form>
      )}
    </section>
  );
}

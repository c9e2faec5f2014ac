import { useState } from 'react';
import { Link } from 'react-router';
import { DeleteConfirmDialog } from '../../../components/DeleteConfirmDialog';
import { LoadedPage } from '../../../components/LoadedPage';
import { ResultBanner, type Outcome } from '../../../components/ResultBanner';
import { useLoader } from '../../../lib/useLoader';
import {
  applyLeadRules,
  deleteLeadRule,
  deleteScorecard,
  getScores,
  type LeadRuleValues,
  type ScorecardView,
  type ScoresPage as Data,
} from '../api';
import { LeadRuleDialog } from './LeadRuleDialog';
import { ScorecardDialog } from './ScorecardDialog';

export const LOAD_FAILED = 'The scores could not be loaded. Try again later.';
export const APPLY_FAILED = 'The lead rules could not be applied. Try again later.';
export const DELETE_FAILED = 'It could not be deleted. Try again later.';

type Deleting = { kind: 'scorecard' | 'rule'; id: number; message: string };
type RuleEdit = { id: number | null; initial: LeadRuleValues | null };

const KIND_WORDS: Record<string, string> = { yesNo: 'yes / no', scale: '1 to 5' };

function Scorecards({
  data,
  onEdit,
  onDelete,
}: {
  data: Data;
  onEdit: (card: ScorecardView) => void;
  onDelete: (card: ScorecardView) => void;
}) {
  if (data.scorecards.length === 0) {
    return <p className="empty-state">No scorecards yet. Add one, then score calls from their details in the call log.</p>;
  }
  return (
    <div className="table-scroll">
      <table className="simple-table">
        <caption className="visually-hidden">Scorecards</caption>
        <thead>
          <tr>
            <th scope="col">Scorecard</th>
            <th scope="col">Questions (weight)</th>
            <th scope="col">Scored calls</th>
            {data.canEdit && (
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {data.scorecards.map((card) => (
            <tr key={card.id}>
              <td>{card.name}</td>
              <td>
                <ol aria-label={`Questions of ${card.name}`}>
                  {card.questions.map((q, i) => (
                    <li key={i}>
                      {q.text} <span className="cell-note">({KIND_WORDS[q.kind] ?? q.kind}, weight {q.weight})</span>
                    </li>
                  ))}
                </ol>
              </td>
              <td>
                <Link to="/reports?score=scored" aria-label={`${card.scoredCalls} calls scored with ${card.name}: the scored calls in the call log`}>
                  {card.scoredCalls}
                </Link>
              </td>
              {data.canEdit && (
                <td className="row-actions">
                  <button type="button" className="button" aria-label={`Edit ${card.name}`} onClick={() => onEdit(card)}>
                    Edit
                  </button>{' '}
                  <button
                    type="button"
                    className="button button-danger"
                    aria-label={`Delete ${card.name}`}
                    onClick={() => onDelete(card)}
                  >
                    Delete
                  </button>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function LeadRules({
  data,
  onEdit,
  onDelete,
}: {
  data: Data;
  onEdit: (edit: RuleEdit) => void;
  onDelete: (id: number) => void;
}) {
  if (data.leadRules.length === 0) return <p className="empty-state">No lead rules: calls get no lead score.</p>;
  return (
    <ul className="tag-rules" aria-label="Lead rules">
      {data.leadRules.map((rule, i) => (
        <li key={rule.id}>
          Good lead when: {rule.conditions.join(' and ')}
          {data.canEdit && (
            <>
              {' '}
              <button
                type="button"
                className="link-button"
                aria-label={`Edit lead rule ${i + 1}`}
                onClick={() => onEdit({ id: rule.id, initial: rule.form as unknown as LeadRuleValues })}
              >
                Edit
              </button>{' '}
              <button type="button" className="link-button" aria-label={`Delete lead rule ${i + 1}`} onClick={() => onDelete(rule.id)}>
                Delete
              </button>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}

/** /scores: the scorecards calls are scored with, and the rules that score leads automatically. */
export function ScoresPage({ title }: { title: string }) {
  const [load, reload] = useLoader(getScores, []);
  const [editing, setEditing] = useState<{ card: ScorecardView | null } | null>(null);
  const [rule, setRule] = useState<RuleEdit | null>(null);
  const [deleting, setDeleting] = useState<Deleting | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  async function apply() {
    setBusy(true);
    setOutcome(null);
    try {
      const result = await applyLeadRules();
      setOutcome({ kind: 'success', text: result.message });
      await reload();
    } catch {
      setOutcome({ kind: 'error', text: APPLY_FAILED });
    } finally {
      setBusy(false);
    }
  }

  async function confirmDelete(target: Deleting) {
    setBusy(true);
    try {
      if (target.kind === 'scorecard') {
        const { calls } = await deleteScorecard(target.id);
        setOutcome({
          kind: 'success',
          text: `The scorecard was deleted with its scores of ${calls === 1 ? '1 call' : `${calls} calls`}.`,
        });
      } else {
        await deleteLeadRule(target.id);
        setOutcome({ kind: 'success', text: 'The lead rule was deleted. Apply to past calls to score them again.' });
      }
      await reload();
    } catch {
      setOutcome({ kind: 'error', text: DELETE_FAILED });
    } finally {
      setBusy(false);
      setDeleting(null);
    }
  }

  const choices = (list: { value: string; label: string }[]) => list.map((c) => ({ value: c.value, label: c.label }));

  return (
    <LoadedPage title={title} load={load} failedText={LOAD_FAILED}>
      {(data) => (
        <div className="card">
          <ResultBanner outcome={outcome} />
          <section aria-labelledby="scorecards-heading">
            <h2 id="scorecards-heading">Scorecards</h2>
            <p>
              A scorecard's questions are answered for a call from its details in the call log; the call's score is the
              weighted share of the best answers.
            </p>
            {data.canEdit && (
              <p className="toolbar-actions">
                <button type="button" className="button button-primary" onClick={() => setEditing({ card: null })}>
                  Add scorecard
                </button>
              </p>
            )}
            <Scorecards
              data={data}
              onEdit={(card) => setEditing({ card })}
              onDelete={(card) => setDeleting({ kind: 'scorecard', id: card.id, message: card.deleteQuestion })}
            />
          </section>
          <section aria-labelledby="lead-rules-heading">
            <h2 id="lead-rules-heading">Automatic lead scoring</h2>
            <p>
              A call meeting every condition of any rule is a <strong>Good lead</strong>; other calls are{' '}
              <strong>Not a lead</strong>. New calls are scored as they come in.
            </p>
            {data.canEdit && (
              <p className="toolbar-actions">
                <button type="button" className="button" onClick={() => setRule({ id: null, initial: null })}>
                  Add lead rule
                </button>{' '}
                <button type="button" className="button" disabled={busy} aria-busy={busy || undefined} onClick={() => void apply()}>
                  Apply to past calls
                </button>{' '}
                <span className="field-hint">Scores the calls of the last {data.applyDays} days again.</span>
              </p>
            )}
            <LeadRules
              data={data}
              onEdit={setRule}
              onDelete={(id) =>
                setDeleting({ kind: 'rule', id, message: 'Delete this lead rule? Calls keep their lead scores until the rules are applied again.' })
              }
            />
          </section>
          <ScorecardDialog
            open={editing !== null}
            card={editing?.card ?? null}
            taken={data.scorecards.filter((c) => c.id !== editing?.card?.id).map((c) => c.name)}
            onClose={() => setEditing(null)}
            onSaved={(name) => {
              setEditing(null);
              setOutcome({ kind: 'success', text: `The scorecard '${name}' was saved.` });
              void reload();
            }}
          />
          {rule && (
            <LeadRuleDialog
              open
              id={rule.id}
              initial={rule.initial}
              sources={choices(data.sources)}
              campaigns={choices(data.campaigns)}
              outcomes={choices(data.outcomes)}
              onClose={() => setRule(null)}
              onSaved={() => {
                setRule(null);
                setOutcome({ kind: 'success', text: 'The lead rule was saved. Apply to past calls to score the calls it finds.' });
                void reload();
              }}
            />
          )}
          <DeleteConfirmDialog
            open={deleting !== null}
            message={deleting?.message ?? ''}
            busy={busy}
            onCancel={() => setDeleting(null)}
            onConfirm={() => deleting && void confirmDelete(deleting)}
          />
        </div>
      )}
    </LoadedPage>
  );
}

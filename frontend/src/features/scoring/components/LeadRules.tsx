import { useState } from 'react';
import { ActionButton } from '../../../components/records/ActionButton';
import type { RecordsPageState } from '../../../components/records/RecordsPage';
import { applyLeadRules, deleteLeadRule, type LeadRuleValues, type ScorecardView, type ScoresPage } from '../api';
import { LeadRuleDialog } from './LeadRuleDialog';

export const APPLY_FAILED = 'The lead rules could not be applied. Try again later.';

type RuleEdit = { id: number | null; initial: LeadRuleValues | null };

/** Automatic lead scoring: the rules a good lead meets, added, edited, deleted and applied to past calls. */
export function LeadRules({ page, deleteFailed }: { page: RecordsPageState<ScoresPage, ScorecardView>; deleteFailed: string }) {
  const [rule, setRule] = useState<RuleEdit | null>(null);
  const { data, canEdit } = page;
  const choices = (list: { value: string; label: string }[]) => list.map((c) => ({ value: c.value, label: c.label }));

  function askDelete(id: number) {
    page.askDelete({
      message: 'Delete this lead rule? Calls keep their lead scores until the rules are applied again.',
      run: async () => {
        await deleteLeadRule(id);
        return 'The lead rule was deleted. Apply to past calls to score them again.';
      },
      failed: () => deleteFailed,
    });
  }

  return (
    <section aria-labelledby="lead-rules-heading">
      <h2 id="lead-rules-heading">Automatic lead scoring</h2>
      <p>
        A call meeting every condition of any rule is a <strong>Good lead</strong>; other calls are{' '}
        <strong>Not a lead</strong>. New calls are scored as they come in.
      </p>
      {canEdit && (
        <p className="toolbar-actions">
          <button type="button" className="button" onClick={() => setRule({ id: null, initial: null })}>
            Add lead rule
          </button>{' '}
          <ActionButton
            label="Apply to past calls"
            run={async () => (await applyLeadRules()).message}
            failedText={APPLY_FAILED}
            page={page}
          />{' '}
          <span className="field-hint">Scores the calls of the last {data.applyDays} days again.</span>
        </p>
      )}
      {data.leadRules.length === 0 ? (
        <p className="empty-state">No lead rules: calls get no lead score.</p>
      ) : (
        <ul className="tag-rules" aria-label="Lead rules">
          {data.leadRules.map((r, i) => (
            <li key={r.id}>
              Good lead when: {r.conditions.join(' and ')}
              {canEdit && (
                <>
                  {' '}
                  <button
                    type="button"
                    className="link-button"
                    aria-label={`Edit lead rule ${i + 1}`}
                    onClick={() => setRule({ id: r.id, initial: r.form as unknown as LeadRuleValues })}
                  >
                    Edit
                  </button>{' '}
                  <button
                    type="button"
                    className="link-button"
                    aria-label={`Delete lead rule ${i + 1}`}
                    onClick={() => askDelete(r.id)}
                  >
                    Delete
                  </button>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      {rule && (
        <LeadRuleDialog
          id={rule.id}
          initial={rule.initial}
          sources={choices(data.sources)}
          campaigns={choices(data.campaigns)}
          outcomes={choices(data.outcomes)}
          onClose={() => setRule(null)}
          onSaved={(text) => {
            setRule(null);
            page.succeeded(text);
          }}
        />
      )}
    </section>
  );
}

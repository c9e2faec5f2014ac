import { Link } from 'react-router';
import { RecordsPage } from '../../../components/records/RecordsPage';
import { deleteScorecard, getScores, type ScorecardView } from '../api';
import { LeadRules } from './LeadRules';
import { ScorecardDialog } from './ScorecardDialog';

export const LOAD_FAILED = 'The scores could not be loaded. Try again later.';
export const DELETE_FAILED = 'It could not be deleted. Try again later.';
export { APPLY_FAILED } from './LeadRules';

const KIND_WORDS: Record<string, string> = { yesNo: 'yes / no', scale: '1 to 5' };

/** /scores: the scorecards calls are scored with, and the rules that score leads automatically. */
export function ScoresPage({ title }: { title: string }) {
  return (
    <RecordsPage
      title={title}
      load={getScores}
      failedText={LOAD_FAILED}
      heading="Scorecards"
      intro={() => (
        <p>
          A scorecard's questions are answered for a call from its details in the call log; the call's score is the
          weighted share of the best answers.
        </p>
      )}
      rows={(data) => data.scorecards}
      canEdit={(data) => data.canEdit}
      add={{ label: 'Add scorecard' }}
      label="Scorecards"
      name={(card) => card.name}
      emptyText="No scorecards yet. Add one, then score calls from their details in the call log."
      columns={() => [
        { id: 'name', header: 'Scorecard', cell: (card: ScorecardView) => card.name, sortValue: (card) => card.name },
        {
          id: 'questions',
          header: 'Questions (weight)',
          cell: (card) => (
            <ol aria-label={`Questions of ${card.name}`}>
              {card.questions.map((q, i) => (
                <li key={i}>
                  {q.text} <span className="cell-note">({KIND_WORDS[q.kind] ?? q.kind}, weight {q.weight})</span>
                </li>
              ))}
            </ol>
          ),
        },
        {
          id: 'scored',
          header: 'Scored calls',
          cell: (card) => (
            <Link
              to="/reports?score=scored"
              aria-label={`${card.scoredCalls} calls scored with ${card.name}: the scored calls in the call log`}
            >
              {card.scoredCalls}
            </Link>
          ),
          sortValue: (card) => card.scoredCalls,
        },
      ]}
      editor={(card, page) => (
        <ScorecardDialog
          card={card}
          taken={page.data.scorecards.filter((c) => c.id !== card?.id).map((c) => c.name)}
          onClose={page.close}
          onSaved={page.saved}
        />
      )}
      remove={{
        question: (card) => card.deleteQuestion,
        run: async (card) => {
          const { calls } = await deleteScorecard(card.id);
          return `The scorecard was deleted with its scores of ${calls === 1 ? '1 call' : `${calls} calls`}.`;
        },
        failed: () => DELETE_FAILED,
      }}
    >
      {(page) => <LeadRules page={page} deleteFailed={DELETE_FAILED} />}
    </RecordsPage>
  );
}

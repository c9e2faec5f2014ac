import { useState } from 'react';
import { Dialog } from '../Dialog';
import { refusalErrors } from '../../lib/api';
import { useLoader } from '../../lib/useLoader';
import { getDraftImpact, publishDraft, resolveConflict, type Conflict, type DraftAnswer, type DraftView } from './api';
import { DraftSchedule } from './DraftSchedule';
import { CONFLICT_RESOLVED, DRAFT_FAILED, DRAFT_PUBLISHED } from './messages';

/**
 * Reviewing the draft: each change in words against live routing (who made it), the records
 * changed live since the draft began with the way to bring each up to date, the impact on last
 * week's calls, the schedule, and Publish now (confirmed, refused in words on a conflict).
 */
export function DraftReviewDialog({
  answer,
  draft,
  onClose,
  onChanged,
}: {
  answer: DraftAnswer;
  draft: DraftView;
  onClose: () => void;
  onChanged: (message: string, published: boolean) => Promise<void>;
}) {
  const [impact] = useLoader(() => getDraftImpact(draft.id), [draft.id, draft.changes.length]);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const blocked = draft.conflicts.length > 0 || draft.changes.length === 0;

  async function run(action: () => Promise<unknown>, message: string, published: boolean) {
    if (busy) return;
    setBusy(true);
    setFailure(null);
    try {
      await action();
      await onChanged(message, published);
    } catch (error) {
      setFailure(refusalErrors(error)?.draft ?? DRAFT_FAILED);
      await onChanged('', false).catch(() => {});
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  }

  const resolve = (conflict: Conflict, keep: 'live' | 'draft') =>
    void run(() => resolveConflict(draft.id, conflict, keep), CONFLICT_RESOLVED, false);

  return (
    <Dialog
      open
      title="Review and publish the draft"
      onClose={onClose}
      busy={busy}
      actions={
        <>
          <button type="button" className="button" onClick={onClose} disabled={busy}>
            Close
          </button>
          {confirming ? (
            <button
              type="button"
              className="button button-primary"
              disabled={busy}
              aria-busy={busy || undefined}
              data-autofocus
              onClick={() => void run(() => publishDraft(draft.id), DRAFT_PUBLISHED, true)}
            >
              Yes, publish now
            </button>
          ) : (
            <button type="button" className="button button-primary" disabled={busy || blocked} onClick={() => setConfirming(true)}>
              Publish now
            </button>
          )}
        </>
      }
    >
      {confirming && <p role="status">Its changes go live from the next call; calls in progress keep their routing.</p>}
      {failure && (
        <p role="alert" className="banner banner-error">
          {failure}
        </p>
      )}
      <section aria-labelledby="draft-changes-title">
        <h3 id="draft-changes-title">What the draft changes</h3>
        {draft.changes.length === 0 ? (
          <p>Nothing yet: the routing editors save into the draft while it is open.</p>
        ) : (
          <ul className="draft-changes" aria-label="What the draft changes">
            {draft.changes.map((change) => (
              <li key={`${change.kind}-${change.recordId}`}>
                <strong>{change.record}</strong>
                <span className="hint"> by {change.userName}</span>
                <ul>
                  {change.sentences.map((sentence, i) => (
                    <li key={i}>{sentence}</li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        )}
      </section>
      {draft.conflicts.length > 0 && (
        <section aria-labelledby="draft-conflicts-title">
          <h3 id="draft-conflicts-title">Changed live since the draft began</h3>
          <ul className="draft-conflicts">
            {draft.conflicts.map((conflict) => (
              <li key={`${conflict.key.kind}-${conflict.key.id}`}>
                <p role="alert">{conflict.reason}</p>
                {conflict.liveChanges.length > 0 && (
                  <ul aria-label="What changed live">
                    {conflict.liveChanges.map((sentence, i) => (
                      <li key={i}>{sentence}</li>
                    ))}
                  </ul>
                )}
                <button type="button" className="button" disabled={busy} onClick={() => resolve(conflict, 'draft')}>
                  Keep the draft&apos;s version
                </button>{' '}
                <button type="button" className="button" disabled={busy} onClick={() => resolve(conflict, 'live')}>
                  Keep the live version
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
      <section aria-labelledby="draft-impact-title">
        <h3 id="draft-impact-title">Impact on last week&apos;s calls</h3>
        <p role="status" aria-live="polite">
          {impact.status === 'ready' ? impact.data.headline : impact.status === 'loading' ? 'Replaying last week’s calls…' : DRAFT_FAILED}
        </p>
      </section>
      <p className="hint">
        To hear the draft, use a number&apos;s Test call button: the phone routes the call through the draft.
      </p>
      <DraftSchedule answer={answer} draft={draft} onChanged={(message) => onChanged(message, false)} />
    </Dialog>
  );
}

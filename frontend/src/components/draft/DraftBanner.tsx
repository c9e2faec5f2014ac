import { useState } from 'react';
import { Link } from 'react-router';
import { routingAccess } from '../../domain/routing';
import { useAccount } from '../../lib/account';
import { formatDateTime } from '../../lib/dates';
import { DeleteConfirmDialog } from '../DeleteConfirmDialog';
import { useSnackbar } from '../Snackbar';
import { cancelReturn, discardDraft, openDraft } from './api';
import { DraftReviewDialog } from './DraftReviewDialog';
import { DRAFT_DISCARDED, DRAFT_FAILED, DRAFT_LOAD_FAILED, DRAFT_OPENED, OPEN_HINT, RETURN_CANCELLED } from './messages';
import { useDraft } from './useDraft';
import './draft.css';

/**
 * The routing draft on a routing page: while one is open, the banner every editor shows (what it
 * holds, its schedule, why a scheduled publish did not run) with Review and publish and Discard
 * draft; a published draft's return to normal still to come; and, where `canOpen`, the way to
 * open one. `readOnly` shows the state without the actions (the number pages).
 */
export function DraftBanner({
  canOpen = false,
  readOnly = false,
  onChanged,
}: {
  canOpen?: boolean;
  readOnly?: boolean;
  /** After the draft was opened, discarded or published: the page reads its routing again. */
  onChanged?: () => void;
}) {
  const { account } = useAccount();
  const canEdit = routingAccess(account).canEdit && !readOnly;
  const notify = useSnackbar();
  const { load, reload } = useDraft();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const [reviewing, setReviewing] = useState(false);

  if (!load || load.status === 'loading') return null;
  if (load.status === 'failed') {
    return (
      <p role="alert" className="banner banner-error">
        {DRAFT_LOAD_FAILED}
      </p>
    );
  }
  const answer = load.data;
  const { draft, returning, returnNotRun } = answer;

  async function act(action: () => Promise<unknown>, done: string, changed = true) {
    if (busy) return;
    setBusy(true);
    setFailure(null);
    try {
      await action();
      notify(done);
      await reload();
      if (changed) onChanged?.();
    } catch {
      setFailure(DRAFT_FAILED);
    } finally {
      setBusy(false);
    }
  }

  const changeCount = draft?.changes.length ?? 0;
  return (
    <section className="draft-banner" aria-label="Routing draft">
      {failure && (
        <p role="alert" className="banner banner-error">
          {failure}
        </p>
      )}
      {returnNotRun && (
        <p role="alert" className="banner banner-error">
          {returnNotRun}
        </p>
      )}
      {returning && (
        <div className="banner banner-warning draft-returning">
          <p>{returning.text}</p>
          {canEdit && (
            <button
              type="button"
              className="button"
              disabled={busy}
              onClick={() => void act(() => cancelReturn(returning.draftId), RETURN_CANCELLED, false)}
            >
              Cancel the return to normal
            </button>
          )}
        </div>
      )}
      {draft && (
        <div className="banner banner-warning draft-open">
          <p>
            <strong>{answer.banner}</strong>
          </p>
          <p>
            {changeCount === 1 ? '1 change' : `${changeCount} changes`} in the draft opened by {draft.openedBy} on{' '}
            {formatDateTime(draft.openedAt, answer.timeZone)}.
          </p>
          {draft.schedule && <p>{draft.schedule.text}</p>}
          {draft.notRun && <p role="alert">{draft.notRun}</p>}
          {draft.conflicts.length > 0 && (
            <p role="alert">
              {draft.conflicts.length === 1 ? '1 record' : `${draft.conflicts.length} records`} changed live since the
              draft began: review the draft to bring it up to date.
            </p>
          )}
          {readOnly && (
            <p>
              <Link to="/routing">Review the draft in Call routing</Link>
            </p>
          )}
          {canEdit && (
            <div className="draft-actions">
              <button type="button" className="button button-primary" onClick={() => setReviewing(true)}>
                Review and publish
              </button>
              <button type="button" className="button" disabled={busy} onClick={() => setConfirmDiscard(true)}>
                Discard draft
              </button>
            </div>
          )}
        </div>
      )}
      {!draft && canOpen && canEdit && (
        <div className="draft-start">
          <button
            type="button"
            className="button"
            disabled={busy}
            aria-busy={busy || undefined}
            onClick={() => void act(openDraft, DRAFT_OPENED)}
          >
            Open a draft
          </button>
          <span className="hint">{OPEN_HINT}</span>
        </div>
      )}
      {draft && (
        <DeleteConfirmDialog
          open={confirmDiscard}
          title="Discard the draft?"
          message={`Its ${changeCount === 1 ? 'change is' : `${changeCount} changes are`} lost and nothing goes live. Live routing is unchanged.`}
          confirmLabel="Discard draft"
          busy={busy}
          onCancel={() => setConfirmDiscard(false)}
          onConfirm={() => {
            setConfirmDiscard(false);
            void act(() => discardDraft(draft.id), DRAFT_DISCARDED);
          }}
        />
      )}
      {draft && reviewing && (
        <DraftReviewDialog
          answer={answer}
          draft={draft}
          onClose={() => setReviewing(false)}
          onChanged={async (message, published) => {
            if (message) notify(message);
            if (published) setReviewing(false);
            await reload();
            if (published) onChanged?.();
          }}
        />
      )}
    </section>
  );
}

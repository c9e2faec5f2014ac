import { useMemo, useRef, useState } from 'react';
import { draftSchedule } from '../../domain/drafts';
import { refusalErrors } from '../../lib/api';
import { now as clockNow } from '../../lib/clock';
import { useFieldMessages } from '../../lib/useFieldMessages';
import { TextField } from '../fields';
import { cancelSchedule, scheduleDraft, type DraftAnswer, type DraftView } from './api';
import { DRAFT_FAILED, SCHEDULE_CANCELLED, SCHEDULE_SAVED } from './messages';

const FIELDS = new Set(['publishAt', 'revertAt']);

/**
 * When the draft goes live, and (optionally) when routing goes back to normal, typed in the
 * account's zone. The domain checks the moments as they are typed, against the server's now,
 * with the words the server keeps ("The draft goes live 24/12/2026 17:00 GMT, ...").
 */
export function DraftSchedule({
  answer,
  draft,
  onChanged,
}: {
  answer: DraftAnswer;
  draft: DraftView;
  onChanged: (message: string) => Promise<void>;
}) {
  const form = useRef<HTMLFormElement>(null);
  const [publishAt, setPublishAt] = useState('');
  const [revertAt, setRevertAt] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // The server's now when the draft was read, moved on by the time since.
  const [readAt] = useState(() => clockNow());
  const now = answer.now + Math.floor((clockNow() - readAt) / 1000);
  const check = useMemo(
    () => draftSchedule(publishAt, revertAt, answer.timeZone, now),
    // `now` moves every render: the check is redone as the moments are typed.
    [publishAt, revertAt, answer.timeZone],
  );
  const messages = useFieldMessages(check.errors, (field) => FIELDS.has(field));
  const { errorOf, changed, left, refuseSave, showSaveErrors } = messages;

  async function save() {
    if (busy || refuseSave(form.current)) return;
    setBusy(true);
    setFailure(null);
    try {
      await scheduleDraft(draft.id, publishAt, revertAt);
      await onChanged(SCHEDULE_SAVED);
    } catch (error) {
      if (!showSaveErrors(error, form.current)) setFailure(refusalErrors(error)?.draft ?? DRAFT_FAILED);
    } finally {
      setBusy(false);
    }
  }

  async function cancel() {
    if (busy) return;
    setBusy(true);
    setFailure(null);
    try {
      await cancelSchedule(draft.id);
      await onChanged(SCHEDULE_CANCELLED);
    } catch {
      setFailure(DRAFT_FAILED);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="draft-schedule-title" className="draft-schedule">
      <h3 id="draft-schedule-title">Schedule</h3>
      {draft.schedule && (
        <p role="status">
          {draft.schedule.text}{' '}
          <button type="button" className="button" disabled={busy} onClick={() => void cancel()}>
            Cancel schedule
          </button>
        </p>
      )}
      {failure && (
        <p role="alert" className="banner banner-error">
          {failure}
        </p>
      )}
      <form
        ref={form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <div className="draft-moments">
          <TextField
            label="Goes live"
            name="publishAt"
            type="datetime-local"
            value={publishAt}
            hint={`In ${answer.timeZone} time.`}
            onChange={(value) => {
              setPublishAt(value);
              changed('publishAt');
            }}
            onBlur={() => left('publishAt')}
            error={errorOf('publishAt')}
          />
          <TextField
            label="Back to normal (optional)"
            name="revertAt"
            type="datetime-local"
            value={revertAt}
            onChange={(value) => {
              setRevertAt(value);
              changed('revertAt');
            }}
            onBlur={() => left('revertAt')}
            error={errorOf('revertAt')}
          />
        </div>
        <p className="hint" aria-live="polite">
          {check.text}
        </p>
        <button type="submit" className="button" disabled={busy} aria-busy={busy || undefined}>
          {draft.schedule ? 'Change schedule' : 'Schedule'}
        </button>
      </form>
    </section>
  );
}

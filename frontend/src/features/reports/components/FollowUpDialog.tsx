import { useState } from 'react';
import { Dialog } from '../../../components/Dialog';
import { DialogActions } from '../../../components/DialogActions';
import { RadioGroupField, TextAreaField } from '../../../components/fields';
import { useSnackbar } from '../../../components/Snackbar';
import { refusalErrors } from '../../../lib/api';
import { followUpCall, noteCall, type CallLogRow } from '../api';

export const FOLLOW_UP_FAILED = 'The follow-up could not be saved. Please try again.';


/**
 * What we did about a call: handled, "we called back" (our call to them; the caller ringing
 * us again is "Rang again"), or not yet, and a note. Saved together; the row updates with the
 * server's answer.
 */
export function FollowUpDialog({
  call,
  marks,
  onClose,
  onSaved,
}: {
  call: CallLogRow;
  /** What a call can be marked (the server's words). */
  marks: { key: string; label: string }[];
  onClose: () => void;
  onSaved: (call: CallLogRow) => void;
}) {
  const choices = [{ value: '', label: 'Not yet' }, ...marks.map((m) => ({ value: m.key, label: m.label }))];
  const notify = useSnackbar();
  const [followUp, setFollowUp] = useState<string>(call.followUp ?? '');
  const [note, setNote] = useState(call.note);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failed, setFailed] = useState('');
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    setFailed('');
    try {
      const messages: string[] = [];
      // Each answer updates the row at once, so a note that fails after the mark was saved
      // leaves the row saying what is stored.
      if (followUp !== (call.followUp ?? '')) {
        const answer = await followUpCall(call.id, followUp);
        onSaved(answer.call);
        messages.push(answer.message);
      }
      if (note.trim() !== call.note) {
        const answer = await noteCall(call.id, note);
        onSaved(answer.call);
        messages.push(answer.message);
      }
      notify(messages.length > 0 ? messages.join(' ') : 'Nothing changed.');
      onClose();
    } catch (error) {
      const refused = refusalErrors(error);
      if (refused) setErrors(refused);
      else setFailed(FOLLOW_UP_FAILED);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open
      title={`Follow up the call from ${call.caller}`}
      onClose={onClose}
      onSubmit={() => void save()}
      busy={busy}
      actions={<DialogActions onCancel={onClose} submitLabel="Save" busyLabel="Saving…" busy={busy} />}
    >
      <p>
        {call.time} · {call.outcomeLabel}
        {call.followUpLabel && ` · ${call.followUpLabel}`}
      </p>
      {failed && (
        <p role="alert" className="banner banner-error">
          {failed}
        </p>
      )}
      <RadioGroupField
        label="What we did"
        name="followUp"
        value={followUp}
        options={choices}
        onChange={setFollowUp}
        error={errors.followUp}
      />
      <TextAreaField
        label="Note"
        name="note"
        value={note}
        onChange={setNote}
        error={errors.note}
        hint={call.noteBy ? `Last written by ${call.noteBy}.` : 'Seen by everyone who reads the calls.'}
      />
    </Dialog>
  );
}

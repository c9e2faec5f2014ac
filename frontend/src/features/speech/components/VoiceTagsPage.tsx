import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { DeleteConfirmDialog } from '../../../components/DeleteConfirmDialog';
import { Dialog } from '../../../components/Dialog';
import { DialogActions } from '../../../components/DialogActions';
import { SelectField, TextAreaField, TextField } from '../../../components/fields';
import { LoadedPage } from '../../../components/LoadedPage';
import { ResultBanner, type Outcome } from '../../../components/ResultBanner';
import { validateVoiceTag } from '../../../domain/speech';
import { refusalErrors } from '../../../lib/api';
import { useLoader } from '../../../lib/useLoader';
import { deleteVoiceTag, getVoiceTags, saveVoiceTag, type VoiceTagsPage as Data, type VoiceTagView } from '../api';

export const LOAD_FAILED = 'The voice tags could not be loaded. Try again later.';
export const SAVE_FAILED = 'The voice tag could not be saved. Try again later.';
export const DELETE_FAILED = 'The voice tag could not be deleted. Try again later.';

type Values = { description: string; phrases: string; side: string };

/** Add voice tag / Edit voice tag: the name shown in the call log, the phrases, whose words count. */
function VoiceTagDialog({
  data,
  editing,
  onClose,
  onSaved,
}: {
  data: Data;
  editing: VoiceTagView | null;
  onClose: () => void;
  onSaved: (text: string) => void;
}) {
  const [values, setValues] = useState<Values>({
    description: editing?.description ?? '',
    phrases: editing?.phrases.join('\n') ?? '',
    side: editing?.side ?? 'either',
  });
  const [touched, setTouched] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const taken = data.voiceTags.filter((t) => t.id !== editing?.id).map((t) => t.description);
  const errors = validateVoiceTag(values, taken) as Record<string, string | undefined>;
  const shown = (field: string) => (touched ? errors[field] : undefined) ?? serverErrors[field];
  const set = (field: keyof Values) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setServerErrors((e) => ({ ...e, [`form_${field}`]: '' }));
  };

  async function save() {
    setTouched(true);
    if (Object.keys(errors).length > 0 || busy) return;
    setBusy(true);
    setFailure(null);
    try {
      const saved = await saveVoiceTag(editing?.id ?? null, values.description, values.phrases, values.side);
      const calls = saved.taggedCalls === 1 ? '1 call has' : `${saved.taggedCalls} calls have`;
      onSaved(
        `The voice tag '${values.description.trim()}' was saved. ${saved.transcripts} transcripts searched: ${calls} voice tags.`,
      );
    } catch (failed) {
      const fields = refusalErrors(failed);
      if (fields) setServerErrors(fields);
      else setFailure(SAVE_FAILED);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open
      title={editing ? 'Edit voice tag' : 'Add voice tag'}
      onClose={onClose}
      onSubmit={() => void save()}
      busy={busy}
      actions={<DialogActions onCancel={onClose} submitLabel="Save" busyLabel="Saving…" busy={busy} />}
    >
      {failure && (
        <p role="alert" className="banner banner-error">
          {failure}
        </p>
      )}
      <TextField
        label="Name"
        name="form_description"
        value={values.description}
        onChange={set('description')}
        error={shown('form_description')}
        hint="Shown as a tag on the calls it is found in."
        disabled={busy}
      />
      <TextAreaField
        label="Phrases"
        name="form_phrases"
        value={values.phrases}
        onChange={set('phrases')}
        error={shown('form_phrases')}
        hint="One a line, up to 10, each at most 6 words. Whole words match, whatever the case and punctuation."
        disabled={busy}
      />
      <SelectField
        label="Said by"
        name="form_side"
        value={values.side}
        options={data.sides}
        onChange={set('side')}
        error={shown('form_side')}
        disabled={busy}
      />
    </Dialog>
  );
}

function VoiceTagsTable({
  data,
  onEdit,
  onDelete,
}: {
  data: Data;
  onEdit: (tag: VoiceTagView) => void;
  onDelete: (tag: VoiceTagView) => void;
}) {
  if (data.voiceTags.length === 0) return <p className="empty-state">No voice tags yet.</p>;
  return (
    <div className="table-scroll">
      <table className="simple-table">
        <caption className="visually-hidden">Voice tags</caption>
        <thead>
          <tr>
            <th scope="col">Voice tag</th>
            <th scope="col">Phrases</th>
            <th scope="col">Said by</th>
            <th scope="col">Calls (30 days)</th>
            <th scope="col">All calls</th>
            {data.canEdit && (
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {data.voiceTags.map((tag) => (
            <tr key={tag.id}>
              <td>
                <Link to={`/voicetags/${tag.id}`}>{tag.description}</Link>
              </td>
              <td>{tag.phrases.join(', ')}</td>
              <td>{tag.sideLabel}</td>
              <td>{tag.calls30Days}</td>
              <td>{tag.calls}</td>
              {data.canEdit && (
                <td className="row-actions">
                  <button type="button" className="button" aria-label={`Edit ${tag.description}`} onClick={() => onEdit(tag)}>
                    Edit
                  </button>{' '}
                  <button
                    type="button"
                    className="button button-danger"
                    aria-label={`Delete ${tag.description}`}
                    onClick={() => onDelete(tag)}
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

/** /voicetags (and /voicetags/{id}, the tag's dialog open): phrases that tag a call when spoken. */
export function VoiceTagsPage({ title }: { title: string }) {
  const [load, reload] = useLoader(getVoiceTags, []);
  const { id } = useParams();
  const navigate = useNavigate();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<VoiceTagView | null>(null);
  const [deleting, setDeleting] = useState<VoiceTagView | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  function close() {
    setAdding(false);
    setEditing(null);
    if (id) navigate('/voicetags');
  }

  async function confirmDelete(tag: VoiceTagView) {
    setBusy(true);
    try {
      await deleteVoiceTag(tag.id);
      setOutcome({ kind: 'success', text: `The voice tag '${tag.description}' was deleted and taken off its calls.` });
      await reload();
    } catch {
      setOutcome({ kind: 'error', text: DELETE_FAILED });
    } finally {
      setBusy(false);
      setDeleting(null);
    }
  }

  return (
    <LoadedPage title={title} load={load} failedText={LOAD_FAILED}>
      {(data) => {
        const fromPath = id ? (data.voiceTags.find((t) => String(t.id) === id) ?? null) : null;
        const open = editing ?? (data.canEdit ? fromPath : null);
        return (
          <div className="card">
            <p>
              A voice tag tags a call when one of its phrases is said in the call's transcript, by the caller, the
              agent or either. The call log shows it with the call's tags; Speech Insights counts them.
            </p>
            <p className="field-hint">
              Recordings hold both sides on one channel, so the side is taken from the turns: the agent answers first,
              then the caller and the agent take turns, one transcript line a turn.
            </p>
            <ResultBanner outcome={outcome} />
            {id && !fromPath && <p role="alert" className="banner banner-error">No such voice tag in this account.</p>}
            {data.canEdit && (
              <button
                type="button"
                className="button button-primary"
                disabled={data.voiceTags.length >= data.maxVoiceTags}
                onClick={() => {
                  setOutcome(null);
                  setAdding(true);
                }}
              >
                Add voice tag
              </button>
            )}
            <VoiceTagsTable data={data} onEdit={setEditing} onDelete={setDeleting} />
            {(adding || open) && (
              <VoiceTagDialog
                key={open?.id ?? 'new'}
                data={data}
                editing={adding ? null : open}
                onClose={close}
                onSaved={(text) => {
                  close();
                  setOutcome({ kind: 'success', text });
                  void reload();
                }}
              />
            )}
            <DeleteConfirmDialog
              open={deleting !== null}
              message={deleting ? `Delete the voice tag '${deleting.description}'? It is taken off ${deleting.calls} calls.` : ''}
              busy={busy}
              onCancel={() => setDeleting(null)}
              onConfirm={() => deleting && void confirmDelete(deleting)}
            />
          </div>
        );
      }}
    </LoadedPage>
  );
}

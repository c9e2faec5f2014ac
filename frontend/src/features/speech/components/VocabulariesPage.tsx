import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { DeleteConfirmDialog } from '../../../components/DeleteConfirmDialog';
import { Dialog } from '../../../components/Dialog';
import { DialogActions } from '../../../components/DialogActions';
import { TextAreaField, TextField } from '../../../components/fields';
import { LoadedPage } from '../../../components/LoadedPage';
import { ResultBanner, type Outcome } from '../../../components/ResultBanner';
import { validateVocabulary } from '../../../domain/speech';
import { refusalErrors } from '../../../lib/api';
import { useLoader } from '../../../lib/useLoader';
import {
  deleteVocabulary,
  getVocabularies,
  saveVocabulary,
  type VocabulariesPage as Data,
  type VocabularyView,
} from '../api';

export const LOAD_FAILED = 'The vocabularies could not be loaded. Try again later.';
export const SAVE_FAILED = 'The vocabulary could not be saved. Try again later.';
export const DELETE_FAILED = 'The vocabulary could not be deleted. Try again later.';

type Values = { description: string; words: string };

/** Add vocabulary / Edit vocabulary: a name and the account's words and phrases, one a line. */
function VocabularyDialog({
  data,
  editing,
  onClose,
  onSaved,
}: {
  data: Data;
  editing: VocabularyView | null;
  onClose: () => void;
  onSaved: (name: string) => void;
}) {
  const [values, setValues] = useState<Values>({
    description: editing?.description ?? '',
    words: editing?.words.join('\n') ?? '',
  });
  const [touched, setTouched] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const taken = data.vocabularies.filter((v) => v.id !== editing?.id).map((v) => v.description);
  const errors = validateVocabulary(values, taken) as Record<string, string | undefined>;
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
      await saveVocabulary(editing?.id ?? null, values.description, values.words);
      onSaved(values.description.trim());
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
      title={editing ? 'Edit vocabulary' : 'Add vocabulary'}
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
        disabled={busy}
      />
      <TextAreaField
        label="Words and phrases"
        name="form_words"
        value={values.words}
        onChange={set('words')}
        error={shown('form_words')}
        hint="One a line, up to 100: product names, places, people, as callers say them (at most 4 words each)."
        rows={8}
        disabled={busy}
      />
    </Dialog>
  );
}

/** /vocabularies (and /vocabularies/{id}, its dialog open): the account's own words for the recogniser. */
export function VocabulariesPage({ title }: { title: string }) {
  const [load, reload] = useLoader(getVocabularies, []);
  const { id } = useParams();
  const navigate = useNavigate();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<VocabularyView | null>(null);
  const [deleting, setDeleting] = useState<VocabularyView | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  function close() {
    setAdding(false);
    setEditing(null);
    if (id) navigate('/vocabularies');
  }

  async function confirmDelete(vocabulary: VocabularyView) {
    setBusy(true);
    try {
      await deleteVocabulary(vocabulary.id);
      setOutcome({ kind: 'success', text: `The vocabulary '${vocabulary.description}' was deleted.` });
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
        const fromPath = id ? (data.vocabularies.find((v) => String(v.id) === id) ?? null) : null;
        const open = editing ?? (data.canEdit ? fromPath : null);
        return (
          <div className="card">
            <p>
              Words and phrases of your business (product names, places, people) for the speech recogniser of your
              recorded calls.
            </p>
            <ResultBanner outcome={outcome} />
            {id && !fromPath && <p role="alert" className="banner banner-error">No such vocabulary in this account.</p>}
            {data.canEdit && (
              <button
                type="button"
                className="button button-primary"
                disabled={data.vocabularies.length >= data.maxVocabularies}
                onClick={() => {
                  setOutcome(null);
                  setAdding(true);
                }}
              >
                Add vocabulary
              </button>
            )}
            {data.vocabularies.length === 0 ? (
              <p className="empty-state">No vocabularies yet.</p>
            ) : (
              <div className="table-scroll">
                <table className="simple-table">
                  <caption className="visually-hidden">Vocabularies</caption>
                  <thead>
                    <tr>
                      <th scope="col">Vocabulary</th>
                      <th scope="col">Words and phrases</th>
                      {data.canEdit && (
                        <th scope="col">
                          <span className="visually-hidden">Actions</span>
                        </th>
                      )}
                    </tr>
                  </thead>
                  <tbody>
                    {data.vocabularies.map((vocabulary) => (
                      <tr key={vocabulary.id}>
                        <td>
                          <Link to={`/vocabularies/${vocabulary.id}`}>{vocabulary.description}</Link>
                        </td>
                        <td>{vocabulary.words.join(', ')}</td>
                        {data.canEdit && (
                          <td className="row-actions">
                            <button
                              type="button"
                              className="button"
                              aria-label={`Edit ${vocabulary.description}`}
                              onClick={() => setEditing(vocabulary)}
                            >
                              Edit
                            </button>{' '}
                            <button
                              type="button"
                              className="button button-danger"
                              aria-label={`Delete ${vocabulary.description}`}
                              onClick={() => setDeleting(vocabulary)}
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
            )}
            {(adding || open) && (
              <VocabularyDialog
                key={open?.id ?? 'new'}
                data={data}
                editing={adding ? null : open}
                onClose={close}
                onSaved={(name) => {
                  close();
                  setOutcome({ kind: 'success', text: `The vocabulary '${name}' was saved.` });
                  void reload();
                }}
              />
            )}
            <DeleteConfirmDialog
              open={deleting !== null}
              message={deleting ? `Delete the vocabulary '${deleting.description}'?` : ''}
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

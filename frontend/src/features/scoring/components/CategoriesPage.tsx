import { useState } from 'react';
import { Link } from 'react-router';
import { DeleteConfirmDialog } from '../../../components/DeleteConfirmDialog';
import { TextField } from '../../../components/fields';
import { LoadedPage } from '../../../components/LoadedPage';
import { ResultBanner, type Outcome } from '../../../components/ResultBanner';
import { validateCategory } from '../../../domain/routing';
import { refusalErrors } from '../../../lib/api';
import { useLoader } from '../../../lib/useLoader';
import { deleteCategory, getCategories, saveCategory, type CategoriesPage as Data, type CategoryView } from '../api';

export const LOAD_FAILED = 'The categories could not be loaded. Try again later.';
export const SAVE_FAILED = 'The category could not be saved. Try again later.';
export const DELETE_FAILED = 'The category could not be deleted. Try again later.';

/** A category's name as typed: checked by the domain as typed, by the server on save. */
function NameForm({
  label,
  initial,
  taken,
  submitLabel,
  id,
  onSaved,
  onCancel,
}: {
  label: string;
  initial: string;
  taken: string[];
  submitLabel: string;
  id: number | null;
  onSaved: (name: string) => void;
  onCancel?: () => void;
}) {
  const [name, setName] = useState(initial);
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const errors = validateCategory({ description: name }, taken);
  const shown = (touched ? errors.form_description : undefined) ?? serverError ?? undefined;

  async function save() {
    setTouched(true);
    if (errors.form_description || saving) return;
    setSaving(true);
    setFailure(null);
    try {
      await saveCategory(id, name);
      setName('');
      setTouched(false);
      onSaved(name.trim());
    } catch (failed) {
      const fields = refusalErrors(failed);
      if (fields?.form_description) setServerError(fields.form_description);
      else setFailure(SAVE_FAILED);
    } finally {
      setSaving(false);
    }
  }

  return (
    <form
      className="category-form toolbar-actions"
      aria-label={label}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      {failure && (
        <p role="alert" className="banner banner-error">
          {failure}
        </p>
      )}
      <TextField
        label={label}
        name="form_description"
        value={name}
        onChange={(value) => {
          setName(value);
          setServerError(null);
        }}
        onBlur={() => name !== initial && setTouched(true)}
        error={shown}
        disabled={saving}
      />
      <button type="submit" className="button button-primary" disabled={saving} aria-busy={saving || undefined}>
        {submitLabel}
      </button>
      {onCancel && (
        <button type="button" className="button" onClick={onCancel} disabled={saving}>
          Cancel
        </button>
      )}
    </form>
  );
}

function CategoriesTable({
  data,
  renaming,
  onRename,
  onRenamed,
  onDelete,
}: {
  data: Data;
  renaming: number | null;
  onRename: (id: number | null) => void;
  onRenamed: (name: string) => void;
  onDelete: (category: CategoryView) => void;
}) {
  if (data.categories.length === 0) return <p className="empty-state">No categories yet.</p>;
  return (
    <div className="table-scroll">
      <table className="simple-table">
        <caption className="visually-hidden">Call categories</caption>
        <thead>
          <tr>
            <th scope="col">Category</th>
            <th scope="col">Calls (30 days)</th>
            <th scope="col">All calls</th>
            <th scope="col">Used by</th>
            {data.canEdit && (
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {data.categories.map((category) => (
            <tr key={category.id}>
              <td>
                {renaming === category.id ? (
                  <NameForm
                    label={`New name for ${category.description}`}
                    initial={category.description}
                    taken={data.categories.filter((c) => c.id !== category.id).map((c) => c.description)}
                    submitLabel="Save"
                    id={category.id}
                    onSaved={onRenamed}
                    onCancel={() => onRename(null)}
                  />
                ) : (
                  category.description
                )}
              </td>
              <td>
                {category.calls30Days > 0 ? (
                  <Link
                    to={`/reports?category=${encodeURIComponent(category.description)}`}
                    aria-label={`${category.calls30Days} calls filed under ${category.description} in the last 30 days`}
                  >
                    {category.calls30Days}
                  </Link>
                ) : (
                  0
                )}
              </td>
              <td>{category.calls}</td>
              <td>{category.usedBy.length === 0 ? 'Not used by the routing' : category.usedBy.join(', ')}</td>
              {data.canEdit && (
                <td className="row-actions">
                  {renaming !== category.id && (
                    <button
                      type="button"
                      className="button"
                      aria-label={`Rename ${category.description}`}
                      onClick={() => onRename(category.id)}
                    >
                      Rename
                    </button>
                  )}{' '}
                  <button
                    type="button"
                    className="button button-danger"
                    aria-label={`Delete ${category.description}`}
                    onClick={() => onDelete(category)}
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

/** /categories: the categories the IVRs file calls under, with their calls; add, rename inline, delete. */
export function CategoriesPage({ title }: { title: string }) {
  const [load, reload] = useLoader(getCategories, []);
  const [renaming, setRenaming] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<CategoryView | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  function askDelete(category: CategoryView) {
    if (category.usedBy.length > 0) {
      setOutcome({ kind: 'error', text: category.deleteQuestion });
      return;
    }
    setOutcome(null);
    setDeleting(category);
  }

  async function confirmDelete(category: CategoryView) {
    setBusy(true);
    try {
      await deleteCategory(category.id);
      setOutcome({ kind: 'success', text: `The category '${category.description}' was deleted.` });
      await reload();
    } catch (failed) {
      const refusal = refusalErrors(failed)?.form_category;
      setOutcome({ kind: 'error', text: refusal ?? DELETE_FAILED });
    } finally {
      setBusy(false);
      setDeleting(null);
    }
  }

  return (
    <LoadedPage title={title} load={load} failedText={LOAD_FAILED}>
      {(data) => (
        <div className="card">
          <p>
            Categories sort calls by what the caller chose in an IVR or DTMF menu. The call log shows each call's
            category; a category a menu key uses cannot be deleted until the key uses another.
          </p>
          <ResultBanner outcome={outcome} />
          {data.canEdit && (
            <NameForm
              label="New category"
              initial=""
              taken={data.categories.map((c) => c.description)}
              submitLabel="Add category"
              id={null}
              onSaved={(name) => {
                setOutcome({ kind: 'success', text: `The category '${name}' was added.` });
                void reload();
              }}
            />
          )}
          <CategoriesTable
            data={data}
            renaming={renaming}
            onRename={setRenaming}
            onRenamed={(name) => {
              setRenaming(null);
              setOutcome({ kind: 'success', text: `The category was renamed to '${name}'. Its calls follow.` });
              void reload();
            }}
            onDelete={askDelete}
          />
          <DeleteConfirmDialog
            open={deleting !== null}
            message={deleting?.deleteQuestion ?? ''}
            busy={busy}
            onCancel={() => setDeleting(null)}
            onConfirm={() => deleting && void confirmDelete(deleting)}
          />
        </div>
      )}
    </LoadedPage>
  );
}

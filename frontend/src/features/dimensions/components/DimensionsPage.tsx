import { useState } from 'react';
import { DeleteConfirmDialog } from '../../../components/DeleteConfirmDialog';
import { LoadedPage } from '../../../components/LoadedPage';
import { ResultBanner, type Outcome } from '../../../components/ResultBanner';
import { useLoader } from '../../../lib/useLoader';
import { deleteDimension, getDimensions, type DimensionView, type DimensionsPage as Data } from '../api';
import { DimensionDialog } from './DimensionDialog';

export const LOAD_FAILED = 'The custom dimensions could not be loaded. Try again later.';
export const DELETE_FAILED = 'The custom dimension could not be deleted. Try again later.';

function DimensionsTable({
  data,
  onEdit,
  onDelete,
}: {
  data: Data;
  onEdit: (dimension: DimensionView) => void;
  onDelete: (dimension: DimensionView) => void;
}) {
  if (data.dimensions.length === 0) {
    return <p className="empty-state">No custom dimensions yet.{data.canEdit && ' Add one to record it on calls.'}</p>;
  }
  return (
    <div className="table-scroll">
      <table className="simple-table">
        <caption className="visually-hidden">Custom dimensions</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Type</th>
            <th scope="col">Choices</th>
            <th scope="col">Calls with a value</th>
            {data.canEdit && (
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {data.dimensions.map((dimension) => (
            <tr key={dimension.id}>
              <td>{dimension.name}</td>
              <td>{dimension.kindLabel}</td>
              <td>{dimension.choices.length > 0 ? dimension.choices.join(', ') : '—'}</td>
              <td>{dimension.calls}</td>
              {data.canEdit && (
                <td className="row-actions">
                  <button
                    type="button"
                    className="button"
                    aria-label={`Edit ${dimension.name}`}
                    onClick={() => onEdit(dimension)}
                  >
                    Edit
                  </button>{' '}
                  <button
                    type="button"
                    className="button button-danger"
                    aria-label={`Delete ${dimension.name}`}
                    onClick={() => onDelete(dimension)}
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

/** /customdimensions: the account's own fields on calls (text, number, a choice), set in a call's details. */
export function DimensionsPage({ title }: { title: string }) {
  const [load, reload] = useLoader(getDimensions, []);
  const [dialog, setDialog] = useState<{ editing: DimensionView | null } | null>(null);
  const [deleting, setDeleting] = useState<DimensionView | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  async function confirmDelete(dimension: DimensionView) {
    setBusy(true);
    try {
      await deleteDimension(dimension.id);
      setOutcome({ kind: 'success', text: `The custom dimension '${dimension.name}' was deleted.` });
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
      {(data) => (
        <div className="card">
          <p>
            Custom dimensions are fields of your own on calls: what the caller asked about, a quoted value, a note. Set
            them in a call's details in the call log, then filter the log by them and find them in its CSV.
          </p>
          <ResultBanner outcome={outcome} />
          {data.canEdit && (
            <div className="toolbar-actions">
              <button
                type="button"
                className="button button-primary"
                onClick={() => {
                  setOutcome(null);
                  setDialog({ editing: null });
                }}
              >
                Add custom dimension
              </button>
            </div>
          )}
          <DimensionsTable
            data={data}
            onEdit={(dimension) => {
              setOutcome(null);
              setDialog({ editing: dimension });
            }}
            onDelete={(dimension) => {
              setOutcome(null);
              setDeleting(dimension);
            }}
          />
          <DimensionDialog
            open={dialog !== null}
            data={data}
            editing={dialog?.editing ?? null}
            onClose={() => setDialog(null)}
            onSaved={(name) => {
              setDialog(null);
              setOutcome({ kind: 'success', text: `The custom dimension '${name}' was saved.` });
              void reload();
            }}
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

import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { DeleteConfirmDialog } from '../../../../components/DeleteConfirmDialog';
import { LoadedPage } from '../../../../components/LoadedPage';
import { ResultBanner, type Outcome } from '../../../../components/ResultBanner';
import { useLoader } from '../../../../lib/useLoader';
import {
  deleteConversion,
  getConversions,
  type ActionView,
  type ConversionsPage as ConversionsData,
  type ConversionValues,
} from '../../api/conversions';
import { ConversionDialog, emptyConversion } from './ConversionDialog';

export const LOAD_FAILED = 'The conversions could not be loaded. Try again later.';
export const DELETE_FAILED = 'It could not be deleted. Try again later.';

/** A platform that is not connected: its calls wait, and this says where to connect it. */
export function NotConnectedWarning({ action }: { action: ActionView }) {
  if (!action.notConnected) return null;
  return (
    <p className="field-error conversion-warning">
      {action.notConnected.message}: its calls wait until it is.{' '}
      <Link to={action.notConnected.connectPath}>Connect {action.platformLabel}</Link>
    </p>
  );
}

function ConversionsTable({
  data,
  onEdit,
  onDelete,
}: {
  data: ConversionsData;
  onEdit: (action: ActionView) => void;
  onDelete: (action: ActionView) => void;
}) {
  if (data.conversions.length === 0) {
    return <p className="empty-state">No conversions yet. Add one to send the calls that count to an ad platform.</p>;
  }
  return (
    <div className="table-scroll">
      <table className="simple-table conversions-table">
        <caption className="visually-hidden">Conversions</caption>
        <thead>
          <tr>
            <th scope="col">Conversion</th>
            <th scope="col">Platform</th>
            <th scope="col">Which calls count</th>
            <th scope="col">Value</th>
            <th scope="col">Counted (30 days)</th>
            <th scope="col">Sent (30 days)</th>
            <th scope="col">Failed (30 days)</th>
            {data.canEdit && (
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {data.conversions.map((action) => (
            <tr key={action.id}>
              <td>
                <Link to={`/conversions/${action.id}`}>{action.name}</Link>
                {!action.active && <span className="field-hint"> (paused)</span>}
              </td>
              <td>
                {action.platformLabel}
                <NotConnectedWarning action={action} />
              </td>
              <td>{action.conditions.join(' and ')}</td>
              <td>{action.value || 'None'}</td>
              <td>{action.counted30Days}</td>
              <td>{action.sent30Days}</td>
              <td>{action.failed30Days}</td>
              {data.canEdit && (
                <td className="row-actions">
                  <button type="button" className="button" aria-label={`Edit ${action.name}`} onClick={() => onEdit(action)}>
                    Edit
                  </button>{' '}
                  <button
                    type="button"
                    className="button button-danger"
                    aria-label={`Delete ${action.name}`}
                    onClick={() => onDelete(action)}
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

/** /conversions: the conversion actions sent to the ad platforms, with their last 30 days. */
export function ConversionsPage({ title }: { title: string }) {
  const [load, reload] = useLoader(getConversions, []);
  const [editing, setEditing] = useState<{ action: ActionView | null } | null>(null);
  const [deleting, setDeleting] = useState<ActionView | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const defaults = load.status === 'ready' ? load.data.defaultMinDuration : 60;
  const initial = useMemo(
    () => (editing?.action ? (editing.action.form as unknown as ConversionValues) : emptyConversion(defaults)),
    [editing, defaults],
  );

  async function confirmDelete(action: ActionView) {
    setBusy(true);
    try {
      await deleteConversion(action.id);
      setOutcome({ kind: 'success', text: `The conversion '${action.name}' was deleted.` });
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
        <div className="card conversions-card">
          <p>
            Calls that count are sent to the ad platform as conversions, so its bidding learns which clicks bring calls.
            Each upload carries the caller&apos;s number, the call&apos;s time and the click id of the visit; one that fails
            is tried again hours later, and a call is never sent twice.
          </p>
          <ResultBanner outcome={outcome} />
          {data.canEdit && (
            <p className="toolbar-actions">
              <button type="button" className="button button-primary" onClick={() => setEditing({ action: null })}>
                Add conversion
              </button>
            </p>
          )}
          <ConversionsTable data={data} onEdit={(action) => setEditing({ action })} onDelete={setDeleting} />
          <ConversionDialog
            open={editing !== null}
            id={editing?.action?.id ?? null}
            initial={initial}
            taken={data.conversions.filter((c) => c.id !== editing?.action?.id).map((c) => c.name)}
            platforms={data.platforms}
            sources={data.sources}
            tags={data.tags}
            outcomes={data.outcomes}
            onClose={() => setEditing(null)}
            onSaved={(name) => {
              setEditing(null);
              setOutcome({ kind: 'success', text: `The conversion '${name}' was saved.` });
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

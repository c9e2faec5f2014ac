import { useCallback, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { DataTable, type Column, type TableQuery } from '../../../components/DataTable';
import { DeleteConfirmDialog } from '../../../components/DeleteConfirmDialog';
import { LoadedPage } from '../../../components/LoadedPage';
import { ResultBanner, type Outcome } from '../../../components/ResultBanner';
import { TableScroll } from '../../../components/TableScroll';
import { useLoader, type Load } from '../../../lib/useLoader';
import { deleteCta, getCta, pagesText, type ClickView, type CtaCall, type CtaDetail } from './api';
import { CtaDialog } from './CtaDialog';
import { DELETE_FAILED } from './CtaList';

export const DETAIL_FAILED = 'The call-to-action could not be loaded. Try again later.';

const sourceMedium = (c: CtaCall) => (c.source ? `${c.source} / ${c.medium}` : '(none)');

const callColumns: Column<CtaCall>[] = [
  // Each call opens in the call log, with its journey and recording.
  {
    id: 'time',
    header: 'Time',
    cell: (c) => (
      <Link to={`/reports?call=${c.id}`} aria-label={`Call from ${c.caller} at ${c.time}`}>
        {c.time}
      </Link>
    ),
    csv: (c) => c.time,
  },
  { id: 'caller', header: 'Caller', cell: (c) => c.caller, csv: (c) => c.caller },
  { id: 'number', header: 'Number', cell: (c) => `${c.trackedNumber} (${c.numberName})`, csv: (c) => c.trackedNumber },
  { id: 'source', header: 'Source / medium', cell: sourceMedium, csv: sourceMedium },
  { id: 'duration', header: 'Talk time', cell: (c) => c.duration, csv: (c) => c.duration },
  { id: 'outcome', header: 'Outcome', cell: (c) => c.outcomeLabel, csv: (c) => c.outcomeLabel },
];

function Clicks({ clicks, windowMinutes }: { clicks: ClickView[]; windowMinutes: number }) {
  return (
    <section className="card" aria-labelledby="clicks-title">
      <h2 id="clicks-title">Latest clicks</h2>
      {clicks.length === 0 ? (
        <p className="empty-state">No clicks yet.</p>
      ) : (
        <TableScroll label="Latest clicks">
          <table className="simple-table">
            <caption className="visually-hidden">Latest clicks</caption>
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">Page</th>
                <th scope="col">Call within {windowMinutes} min</th>
              </tr>
            </thead>
            <tbody>
              {clicks.map((click) => (
                <tr key={click.id}>
                  <td>{click.time}</td>
                  <td>{click.page}</td>
                  <td>
                    {click.callId == null ? (
                      'No'
                    ) : (
                      <Link to={`/reports?call=${click.callId}`} aria-label={`Yes: the call after the click at ${click.time}`}>
                        Yes
                      </Link>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}

/** /cta/{id}: a call-to-action's details, its latest clicks and the calls that followed them. */
export function CtaPage({ title, id }: { title: string; id: string }) {
  const [page, setPage] = useState(1);
  const [load, reload] = useLoader(() => getCta(id, page), [id, page]);
  const onQuery = useCallback((query: TableQuery) => setPage(query.page + 1), []);
  const [shown, setShown] = useState<CtaDetail | null>(null);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const navigate = useNavigate();
  useEffect(() => {
    if (load.status === 'ready') setShown(load.data);
  }, [load]);
  // The page stays while another page of calls loads (the table keeps its own paging).
  const current: Load<CtaDetail> = shown && load.status !== 'failed' ? { status: 'ready', data: shown } : load;

  async function confirmDelete() {
    setBusy(true);
    try {
      await deleteCta(Number(id));
      navigate('/cta');
    } catch {
      setOutcome({ kind: 'error', text: DELETE_FAILED });
      setBusy(false);
      setDeleting(false);
    }
  }

  return (
    <LoadedPage title={shown ? `${title}: ${shown.cta.name}` : title} load={current} failedText={DETAIL_FAILED}>
      {(data) => (
        <>
          <p>
            <Link to="/cta">Call-to-actions</Link> › {data.cta.name}
          </p>
          <ResultBanner outcome={outcome} />
          <section className="card" aria-labelledby="cta-details-title">
            <h2 id="cta-details-title">Details</h2>
            <dl className="number-facts">
              <dt>Kind</dt>
              <dd>{data.cta.kindLabel}</dd>
              <dt>CSS selector</dt>
              <dd>
                <code>{data.cta.selector}</code>
              </dd>
              <dt>Pages</dt>
              <dd>{pagesText(data.cta)}</dd>
              <dt>Clicks (last {data.days} days)</dt>
              <dd>{data.cta.clicks30Days}</dd>
              <dt>Calls within {data.windowMinutes} min of a click</dt>
              <dd>{data.cta.calls30Days}</dd>
              <dt>Conversion rate</dt>
              <dd>{data.cta.conversionRate}</dd>
            </dl>
            {data.canEdit && (
              <p className="toolbar-actions">
                <button type="button" className="button" onClick={() => setEditing(true)}>
                  Edit
                </button>{' '}
                <button type="button" className="button button-danger" onClick={() => setDeleting(true)}>
                  Delete
                </button>
              </p>
            )}
          </section>
          <Clicks clicks={data.clicks} windowMinutes={data.windowMinutes} />
          <section className="card" aria-labelledby="cta-calls-title">
            <h2 id="cta-calls-title">Calls that followed a click</h2>
            <DataTable
              label={`Calls after a click on ${data.cta.name}`}
              columns={callColumns}
              rows={data.calls}
              remote={{ total: data.total, loading: load.status === 'loading', onQuery }}
              searchable={false}
              rowKey={(c) => c.id}
              pageSize={data.pageSize}
              defaultSort={{ column: 'time', direction: 'desc' }}
              emptyText={`No calls within ${data.windowMinutes} minutes of a click in the last ${data.days} days.`}
            />
          </section>
          {editing && (
            <CtaDialog
              cta={data.cta}
              kinds={data.kinds}
              taken={data.taken}
              onClose={() => setEditing(false)}
              onSaved={(text) => {
                setEditing(false);
                setOutcome({ kind: 'success', text });
                void reload();
              }}
            />
          )}
          <DeleteConfirmDialog
            open={deleting}
            message={data.cta.deleteQuestion}
            busy={busy}
            onCancel={() => setDeleting(false)}
            onConfirm={() => void confirmDelete()}
          />
        </>
      )}
    </LoadedPage>
  );
}

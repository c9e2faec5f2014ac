import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { DataTable, type Column, type TableQuery } from '../../../../components/DataTable';
import { LoadedPage } from '../../../../components/LoadedPage';
import { ResultBanner, type Outcome } from '../../../../components/ResultBanner';
import { useLoader, type Load } from '../../../../lib/useLoader';
import { getConversion, retryUpload, type ConversionDetail, type UploadView } from '../../api/conversions';
import { NotConnectedWarning } from './NotConnectedWarning';

export const DETAIL_FAILED = 'The conversion could not be loaded. Try again later.';
export const RETRY_FAILED = 'The upload could not be queued again. Try again later.';
export const NO_UPLOADS = 'No calls have counted yet: calls that count from now on appear here as they are sent.';

function columns(onRetry: (upload: UploadView) => void): Column<UploadView>[] {
  return [
    {
      id: 'time',
      header: 'Call',
      cell: (u) => (
        <Link to={`/reports?call=${u.callId}`} aria-label={`Call from ${u.caller} at ${u.callTime}`}>
          {u.callTime}
        </Link>
      ),
      csv: (u) => u.callTime,
    },
    {
      id: 'caller',
      header: 'Caller',
      cell: (u) => (
        <>
          {u.caller}
          {u.callerE164 && <span className="field-hint"> (sent as {u.callerE164})</span>}
        </>
      ),
      csv: (u) => u.callerE164,
    },
    { id: 'click', header: 'Click id', cell: (u) => u.clickId || 'None', csv: (u) => u.clickId },
    { id: 'consent', header: 'Consent', cell: (u) => u.consent, csv: (u) => u.consent },
    { id: 'status', header: 'Status', cell: (u) => u.statusText, csv: (u) => u.statusText },
    { id: 'answer', header: "Platform's answer", cell: (u) => u.answer, csv: (u) => u.answer },
    {
      id: 'next',
      header: 'Next try',
      cell: (u) => (
        <>
          {u.nextAttempt || (u.sentAt ? `Sent ${u.sentAt}` : '')}
          {u.canRetry && (
            <>
              {' '}
              <button type="button" className="link-button" aria-label={`Retry now the call at ${u.callTime}`} onClick={() => onRetry(u)}>
                Retry now
              </button>
            </>
          )}
        </>
      ),
      csv: (u) => u.nextAttempt,
    },
  ];
}

/** /conversions/{id}: a conversion action and its upload log (what was sent and the platform's answer). */
export function ConversionDetailPage({ title, id }: { title: string; id: string }) {
  const [page, setPage] = useState(1);
  const [load, reload] = useLoader(() => getConversion(id, page), [id, page]);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const onQuery = useCallback((query: TableQuery) => setPage(query.page + 1), []);
  const [shown, setShown] = useState<ConversionDetail | null>(null);
  useEffect(() => {
    if (load.status === 'ready') setShown(load.data);
  }, [load]);
  const current: Load<ConversionDetail> = shown && load.status !== 'failed' ? { status: 'ready', data: shown } : load;

  const retry = useCallback(
    async (upload: UploadView) => {
      try {
        await retryUpload(upload.id);
        setOutcome({ kind: 'success', text: `The call at ${upload.callTime} will be sent again within 5 minutes.` });
        await reload();
      } catch {
        setOutcome({ kind: 'error', text: RETRY_FAILED });
      }
    },
    [reload],
  );

  return (
    <LoadedPage title={title} load={current} failedText={DETAIL_FAILED}>
      {(data) => {
        const action = data.conversion;
        return (
          <>
            <p>
              <Link to="/conversions">Conversions</Link> › {action.name}
            </p>
            <section className="card" aria-label={action.name}>
              <h2>{action.name}</h2>
              <dl className="number-facts">
                <dt>Ad platform</dt>
                <dd>
                  {action.platformLabel}
                  <NotConnectedWarning action={action} />
                </dd>
                <dt>Which calls count</dt>
                <dd>{action.conditions.join(' and ')}</dd>
                <dt>Value</dt>
                <dd>{action.value ? `${action.value} GBP` : 'None'}</dd>
                <dt>Status</dt>
                <dd>{action.active ? 'Active' : 'Paused'}</dd>
                <dt>Last 30 days</dt>
                <dd>
                  {action.counted30Days} counted, {action.sent30Days} sent, {action.failed30Days} failed
                </dd>
              </dl>
            </section>
            <ResultBanner outcome={outcome} />
            <DataTable
              label="Upload log"
              columns={columns((u) => void retry(u))}
              rows={data.uploads}
              remote={{ total: data.total, loading: load.status === 'loading', onQuery }}
              searchable={false}
              rowKey={(u) => u.id}
              pageSize={data.pageSize}
              defaultSort={{ column: 'time', direction: 'desc' }}
              emptyText={NO_UPLOADS}
            />
          </>
        );
      }}
    </LoadedPage>
  );
}

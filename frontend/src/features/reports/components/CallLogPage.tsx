import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { SectionLoading } from '../../../components/SectionLoading';
import { PageHeading } from '../../../components/PageHeading';
import { isPermissionError, PermissionError } from '../../../components/PermissionError';
import { useOptionalAccount } from '../../../lib/account';
import { validationErrors } from '../../../lib/api';
import { downloadBlob } from '../../../lib/csv';
import { formatDay } from '../../../lib/dates';
import { useLoader } from '../../../lib/useLoader';
import { exportCalls, getCallFilters, getCalls, type CallLog, type CallLogRow } from '../api';
import { clearedFilters, exportQuery, serverQuery, withParam, type FilterKey } from '../filters';
import { CallDetailDialog } from './CallDetailDialog';
import { CallFilterBar } from './CallFilterBar';
import { CallLogActions, CallTable } from './CallTable';
import { FollowUpDialog } from './FollowUpDialog';
import './callLog.css';
import { ReportsTabs } from './ReportsTabs';

export const LOG_FAILED = 'The calls could not be loaded. Try again later.';
export const EXPORT_FAILED = 'The export could not be made. Try again later.';
export const NO_CALLS = 'No calls match these filters.';

/** The call log: every call of the period and filters in the address bar, a page at a time. */
export function CallLogPage({ title }: { title: string }) {
  const [params, setParams] = useSearchParams();
  const account = useOptionalAccount();
  const query = serverQuery(params);
  const [load, reload] = useLoader(() => getCalls(query), [query]);
  const [filtersLoad] = useLoader(getCallFilters, []);
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState('');
  const [followingUp, setFollowingUp] = useState<CallLogRow | null>(null);
  // A call's follow-up saved: its row shows the server's answer until the page reloads.
  const [changed, setChanged] = useState<Record<number, CallLogRow>>({});
  const update = useCallback((next: URLSearchParams) => setParams(next), [setParams]);
  // While the next page or filter loads, the last answer stays on screen (marked busy).
  const shown = useRef<CallLog | null>(null);
  if (load.status === 'ready') shown.current = load.data;
  const fresh = load.status === 'ready' ? load.data : null;
  useEffect(() => setChanged({}), [fresh]);
  if (load.status === 'failed') shown.current = null;

  if (
    (load.status === 'failed' && isPermissionError(load.error)) ||
    (filtersLoad.status === 'failed' && isPermissionError(filtersLoad.error))
  )
    return <PermissionError />;

  const errors = (load.status === 'failed' && validationErrors(load.error)) || {};
  const log = shown.current;
  const loading = load.status === 'loading';
  const openCall = Number(params.get('call')) || null;
  const sort = params.get('sort') ?? 'time';
  const descending = (params.get('direction') ?? 'desc') === 'desc';

  function onSort(column: string) {
    const next = withParam(params, 'sort', column);
    update(withParam(next, 'direction', column === sort && descending ? 'asc' : 'desc'));
  }

  async function onExport() {
    setExporting(true);
    setExportError('');
    try {
      const { blob, fileName } = await exportCalls(exportQuery(params));
      downloadBlob(fileName ?? 'calls.csv', blob);
    } catch {
      setExportError(EXPORT_FAILED);
    } finally {
      setExporting(false);
    }
  }

  return (
    <>
      <PageHeading title={title} />
      <ReportsTabs />
      <CallFilterBar
        params={params}
        filters={filtersLoad.status === 'ready' ? filtersLoad.data : null}
        errors={errors}
        onChange={(key: FilterKey, value: string) => update(withParam(params, key, value))}
        onClear={() => update(clearedFilters(params))}
        searchesWords={account?.hasSpeech ?? false}
        hasCallsOut={account?.hasOutbound ?? false}
      />
      <div className="call-log-summary">
        <p role="status" aria-live="polite">
          {log
            ? `${log.total.toLocaleString('en-GB')} ${log.total === 1 ? 'call' : 'calls'} from ${formatDay(log.firstDay)} to ${formatDay(log.lastDay)}`
            : loading
              ? 'Loading calls…'
              : ''}
        </p>
        <button type="button" className="button" onClick={() => void onExport()} disabled={exporting || !log || log.total === 0}>
          {exporting ? 'Exporting…' : 'Export CSV'}
        </button>
      </div>
      {exportError && (
        <p role="alert" className="banner banner-error">
          {exportError}
        </p>
      )}
      {loading && !log && <SectionLoading />}
      {load.status === 'failed' && Object.keys(errors).length === 0 && (
        <p role="alert" className="banner banner-error">
          {LOG_FAILED}
        </p>
      )}
      {log && log.total === 0 && (
        <div className="empty-state">
          <p>{NO_CALLS}</p>
          <button type="button" className="button" onClick={() => update(clearedFilters(params))}>
            Clear filters
          </button>
        </div>
      )}
      {log && log.total > 0 && (
        <CallTable
          calls={log.calls.map((call) => changed[call.id] ?? call)}
          loading={loading}
          view={{
            page: log.page,
            pageSize: log.pageSize,
            total: log.total,
            pages: Math.max(1, Math.ceil(log.total / log.pageSize)),
            sort,
            descending,
          }}
          onSort={onSort}
          onPage={(page) => update(withParam(params, 'page', String(page)))}
          actions={(call) => (
            <CallLogActions
              call={call}
              onFollowUp={setFollowingUp}
              onOpen={(opened) => update(withParam(params, 'call', String(opened.id)))}
            />
          )}
        />
      )}
      {followingUp && (
        <FollowUpDialog
          call={followingUp}
          marks={filtersLoad.status === 'ready' ? filtersLoad.data.followUpMarks : []}
          onClose={() => setFollowingUp(null)}
          onSaved={(row) => setChanged((now) => ({ ...now, [row.id]: row }))}
        />
      )}
      {openCall && (
        <CallDetailDialog
          id={openCall}
          onClose={() => update(withParam(params, 'call', ''))}
          onOpen={(id) => update(withParam(params, 'call', String(id)))}
          onChanged={() => void reload()}
        />
      )}
    </>
  );
}

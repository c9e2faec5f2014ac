import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { DataTable, type Column, type TableQuery } from '../../../components/DataTable';
import { LoadedPage } from '../../../components/LoadedPage';
import { useLoader, type Load } from '../../../lib/useLoader';
import { getValueCalls, parameterPath, type ValueCall, type ValueCalls } from '../api';
import { CALLS_FAILED, NO_CALLS } from '../messages';

const sourceMedium = (c: ValueCall) => (c.source ? `${c.source} / ${c.medium}` : '(none)');

const columns: Column<ValueCall>[] = [
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
  { id: 'landing', header: 'Landing page', cell: (c) => c.landingPage, csv: (c) => c.landingPage },
  { id: 'duration', header: 'Talk time', cell: (c) => c.duration, csv: (c) => c.duration },
  { id: 'outcome', header: 'Outcome', cell: (c) => c.outcomeLabel, csv: (c) => c.outcomeLabel },
];

/** /parameter/{p}/{v}: the calls from visits that brought the value, as the call log shows them. */
export function ValueCallsPage({ title, parameter, value }: { title: string; parameter: string; value: string }) {
  const [page, setPage] = useState(1);
  const [load] = useLoader(() => getValueCalls(parameter, value, page), [parameter, value, page]);
  const onQuery = useCallback((query: TableQuery) => setPage(query.page + 1), []);
  // The table stays while another page loads (it keeps its own paging).
  const [shown, setShown] = useState<ValueCalls | null>(null);
  useEffect(() => {
    if (load.status === 'ready') setShown(load.data);
  }, [load]);
  const page1: Load<ValueCalls> = shown && load.status !== 'failed' ? { status: 'ready', data: shown } : load;
  return (
    <LoadedPage title={`${title}: ${parameter} = ${value}`} load={page1} failedText={CALLS_FAILED}>
      {(data) => (
        <>
          <p>
            <Link to="/parameters">Parameters</Link> › <Link to={parameterPath(data.parameter)}>{data.parameter}</Link> ›{' '}
            {data.value}
          </p>
          <DataTable
            label={`Calls with ${data.parameter} = ${data.value}`}
            columns={columns}
            rows={data.calls}
            remote={{ total: data.total, loading: load.status === 'loading', onQuery }}
            searchable={false}
            rowKey={(c) => c.id}
            pageSize={data.pageSize}
            defaultSort={{ column: 'time', direction: 'desc' }}
            emptyText={NO_CALLS}
          />
        </>
      )}
    </LoadedPage>
  );
}

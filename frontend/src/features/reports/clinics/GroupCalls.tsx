import { useRef } from 'react';
import { useSearchParams } from 'react-router';
import { SectionLoading } from '../../../components/SectionLoading';
import { SelectField } from '../../../components/fields';
import { validationErrors } from '../../../lib/api';
import { formatDay } from '../../../lib/dates';
import { useLoader } from '../../../lib/useLoader';
import { getCallFilters } from '../api';
import { CallTable } from '../components/CallTable';
import { LOG_FAILED, NO_CALLS as NO_MATCHES } from '../components/CallLogPage';
import { OutcomeFilter } from '../components/OutcomeFilter';
import '../components/callLog.css';
import { NO_CALLS } from '../dashboard/period';
import { withParam } from '../filters';
import { getGroupCalls, type GroupCallLog, type GroupCallRow } from './api';
import { clearedLogFilters, groupCallsQuery } from './query';
import type { OpenClinic } from './useOpenClinic';

const SAID_ON_FIELDS = ['clinic', 'outcome', 'preset', 'from', 'to'];

/** The call log's address in a clinic with `call` open, over the same period. */
function callAddress(period: string, call: GroupCallRow): string {
  const query = new URLSearchParams(period);
  query.set('call', String(call.id));
  return `/reports?${query}`;
}

function OpenCallButton({ call, period, opening }: { call: GroupCallRow; period: string; opening: OpenClinic }) {
  const what = `the call from ${call.caller} at ${call.time}`;
  return (
    <button
      type="button"
      className="button"
      disabled={opening.busy}
      aria-label={`Open in clinic: ${what}, ${call.clinic}`}
      onClick={() =>
        void opening.open({ id: call.clinicId, name: call.clinic }, callAddress(period, call), `Switched to ${call.clinic}: ${what}.`)
      }
    >
      Open in clinic
    </button>
  );
}

/**
 * One call log across the group's clinics for the period (`period`, the server's query; null
 * while a custom range lacks a day), filtered by clinic and outcome in the address bar.
 */
export function GroupCalls({ period, opening }: { period: string | null; opening: OpenClinic }) {
  const [params, setParams] = useSearchParams();
  const query = period === null ? null : groupCallsQuery(params, period);
  const [load] = useLoader(query === null ? null : () => getGroupCalls(query), [query]);
  const [filtersLoad] = useLoader(getCallFilters, []);
  // While the next page or filter loads, the last answer stays on screen (marked busy).
  const shown = useRef<GroupCallLog | null>(null);
  if (load.status === 'ready') shown.current = load.data;
  if (load.status === 'failed') shown.current = null;
  const log = shown.current;
  const loading = load.status === 'loading';
  const errors = (load.status === 'failed' && validationErrors(load.error)) || {};
  // A refusal of the period is said by the period picker; of the filters, on their fields.
  const elsewhere = Object.entries(errors).filter(([key]) => !SAID_ON_FIELDS.includes(key));
  const failure = load.status !== 'failed' ? '' : Object.keys(errors).length === 0 ? LOG_FAILED : elsewhere.map(([, m]) => m).join(' ');
  const filtered = !!(params.get('clinic') || params.get('outcome'));
  const sort = params.get('sort') ?? 'time';
  const descending = (params.get('direction') ?? 'desc') === 'desc';
  const onSort = (column: string) =>
    setParams(withParam(withParam(params, 'sort', column), 'direction', column === sort && descending ? 'asc' : 'desc'));

  return (
    <section className="group-calls" aria-labelledby="group-calls-heading">
      <h2 id="group-calls-heading">Calls across clinics</h2>
      <section className="call-filters-bar group-call-filters" aria-label="Filters">
        <SelectField
          label="Clinic"
          value={params.get('clinic') ?? ''}
          placeholder="Every clinic"
          options={(log?.clinics ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
          onChange={(value) => setParams(withParam(params, 'clinic', value))}
          error={errors.clinic}
        />
        <OutcomeFilter
          value={params.get('outcome') ?? ''}
          outcomes={filtersLoad.status === 'ready' ? filtersLoad.data.outcomes : []}
          onChange={(value) => setParams(withParam(params, 'outcome', value))}
          error={errors.outcome}
        />
      </section>
      <p className="call-log-summary" role="status" aria-live="polite">
        {log
          ? `${log.total.toLocaleString('en-GB')} ${log.total === 1 ? 'call' : 'calls'} from ${formatDay(log.firstDay)} to ${formatDay(log.lastDay)}`
          : loading && period !== null
            ? 'Loading calls…'
            : ''}
      </p>
      {loading && !log && period !== null && <SectionLoading />}
      {failure && (
        <p role="alert" className="banner banner-error">
          {failure}
        </p>
      )}
      {log && log.total === 0 && (
        <div className="empty-state">
          <p>{filtered ? NO_MATCHES : NO_CALLS}</p>
          {filtered && (
            <button type="button" className="button" onClick={() => setParams(clearedLogFilters(params))}>
              Clear filters
            </button>
          )}
        </div>
      )}
      {log && log.total > 0 && (
        <CallTable
          calls={log.calls}
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
          onPage={(page) => setParams(withParam(params, 'page', String(page)))}
          clinicOf={(call) => call.clinic}
          actions={(call) => <OpenCallButton call={call} period={period ?? ''} opening={opening} />}
        />
      )}
    </section>
  );
}

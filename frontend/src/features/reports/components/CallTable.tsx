import { pageWindow } from '../../../components/DataTable';
import { TableScroll } from '../../../components/TableScroll';
import type { CallLogRow } from '../api';

/** The page of a landing page's address ("/offers"), or the text as stored. */
function pagePath(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}

/** A call-back counts under the missed call's source, as every figure counts it. */
export const CALLBACK_SOURCE_NOTE = "Call-back: the missed call's source";

/** The columns the server sorts by, by its keys. */
const SORTABLE: Record<string, string> = {
  time: 'Date and time',
  caller: 'Caller',
  source: 'Source / medium',
  duration: 'Talk time',
  outcome: 'Outcome',
};

export interface TableView {
  page: number;
  pages: number;
  total: number;
  pageSize: number;
  sort: string;
  descending: boolean;
}

function SortHeader({ id, view, onSort }: { id: string; view: TableView; onSort: (id: string) => void }) {
  const sorted = view.sort === id;
  return (
    <th scope="col" aria-sort={sorted ? (view.descending ? 'descending' : 'ascending') : undefined}>
      <button type="button" className="sort-button" onClick={() => onSort(id)}>
        {SORTABLE[id]}
        <span className="sort-arrow" aria-hidden="true">
          {sorted ? (view.descending ? '▼' : '▲') : ''}
        </span>
      </button>
    </th>
  );
}

function Paging({ view, onPage }: { view: TableView; onPage: (page: number) => void }) {
  const { page, pages, total, pageSize } = view;
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <nav className="table-paging" aria-label="Call log pages">
      <span>
        {first}–{last} of {total.toLocaleString('en-GB')}
      </span>
      <button type="button" className="button" onClick={() => onPage(page - 1)} disabled={page <= 1} aria-label="Previous page">
        ‹
      </button>
      {pages > 1 &&
        pageWindow(page - 1, pages).map((p) => (
          <button
            key={p}
            type="button"
            className="button table-page-button"
            aria-label={`Go to page ${p + 1}`}
            aria-current={p === page - 1 ? 'page' : undefined}
            onClick={() => onPage(p + 1)}
          >
            {p + 1}
          </button>
        ))}
      <button
        type="button"
        className="button"
        onClick={() => onPage(page + 1)}
        disabled={page >= pages}
        aria-label="Next page"
      >
        ›
      </button>
    </nav>
  );
}

/** A page of calls, sorted and paged by the server; a call opens with its View button. */
export function CallTable({
  calls,
  view,
  loading,
  onSort,
  onPage,
  onOpen,
}: {
  calls: CallLogRow[];
  view: TableView;
  loading: boolean;
  onSort: (id: string) => void;
  onPage: (page: number) => void;
  onOpen: (call: CallLogRow) => void;
}) {
  return (
    <div className="data-table call-log">
      <TableScroll label="Calls">
        <table aria-label="Calls" aria-busy={loading || undefined}>
          <thead>
            <tr>
              <SortHeader id="time" view={view} onSort={onSort} />
              <SortHeader id="caller" view={view} onSort={onSort} />
              <th scope="col">Tracked number</th>
              <SortHeader id="source" view={view} onSort={onSort} />
              <th scope="col">Landing page</th>
              <SortHeader id="duration" view={view} onSort={onSort} />
              <SortHeader id="outcome" view={view} onSort={onSort} />
              <th scope="col">Destination</th>
              <th scope="col">Tags</th>
              <th scope="col">Score</th>
              <th scope="col">Recording</th>
              <th scope="col">
                <span className="visually-hidden">Details</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {calls.map((call) => (
              <tr key={call.id}>
                <td>{call.time}</td>
                <td>
                  {call.caller}
                  {call.firstTime && <span className="chip chip-new">First-time</span>}
                </td>
                <td>
                  {call.trackedNumber}
                  <div className="cell-note">{[call.numberName, call.campaign].filter(Boolean).join(' · ')}</div>
                </td>
                <td>
                  {call.source ? `${call.source} / ${call.medium}` : '—'}
                  {call.callbackOf != null && <div className="cell-note">{CALLBACK_SOURCE_NOTE}</div>}
                </td>
                <td className="cell-url">{call.landingPage ? pagePath(call.landingPage) : '—'}</td>
                <td>{call.duration}</td>
                <td>
                  <span className={`outcome outcome-${call.outcome}`}>{call.outcomeLabel}</span>
                </td>
                <td>{call.destination || '—'}</td>
                <td>{call.tags.join(', ')}</td>
                <td>
                  {call.scoreLabel}
                  {call.leadScore && <div className="cell-note">{call.leadScore}</div>}
                </td>
                <td>{call.hasRecording ? 'Recorded' : ''}</td>
                <td>
                  <button type="button" className="button" onClick={() => onOpen(call)} aria-label={`View call from ${call.caller} at ${call.time}`}>
                    View
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      <Paging view={view} onPage={onPage} />
    </div>
  );
}

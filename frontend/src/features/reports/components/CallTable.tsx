import { Fragment, type ReactNode } from 'react';
import { pageWindow } from '../../../components/DataTable';
import { TableScroll } from '../../../components/TableScroll';
import { CallOutButton } from '../../../components/phone/PhoneButtons';
import { RowPlayer } from '../../../components/recording/RowPlayer';
import type { CallLogRow } from '../api';

/** The page of a landing page's address ("/offers"), or the text as stored. */
function pagePath(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}

/** A caller who rang again after a missed call counts under the missed call's source. */
export const CALLBACK_SOURCE_NOTE = "Rang again: the missed call's source";

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

/** A handset: ring the caller back. */
function PhoneIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M6.62 10.79a15.05 15.05 0 0 0 6.59 6.59l2.2-2.2a1 1 0 0 1 1.02-.24c1.12.37 2.33.57 3.57.57a1 1 0 0 1 1 1V20a1 1 0 0 1-1 1A17 17 0 0 1 3 4a1 1 0 0 1 1-1h3.5a1 1 0 0 1 1 1c0 1.25.2 2.45.57 3.57a1 1 0 0 1-.25 1.02l-2.2 2.2z"
      />
    </svg>
  );
}

/** The short word for what was done about a call, its full account in the title. */
function FollowUpCell({ call }: { call: CallLogRow }) {
  if (!call.followUp && !call.note) return <span className="cell-muted">—</span>;
  return (
    <span className="follow-up-cell">
      {call.followUpLabel && (
        <span className={`chip follow-up-${call.followUp}`} title={call.followUpLabel}>
          {call.followUpLabel.split(' · ')[0]}
        </span>
      )}
      {call.note && (
        <span className="follow-up-note" title={`${call.note}\n(${call.noteBy})`}>
          Note: {call.note}
        </span>
      )}
    </span>
  );
}

/** The call log's own buttons of a call: follow it up, and open it. */
export function CallLogActions({
  call,
  onFollowUp,
  onOpen,
}: {
  call: CallLogRow;
  onFollowUp: (call: CallLogRow) => void;
  onOpen: (call: CallLogRow) => void;
}) {
  return (
    <>
      <button type="button" className="button" onClick={() => onFollowUp(call)} aria-label={`Follow up the call from ${call.caller} at ${call.time}`}>
        Follow up
      </button>
      <button type="button" className="button" onClick={() => onOpen(call)} aria-label={`View call from ${call.caller} at ${call.time}`}>
        View
      </button>
    </>
  );
}

/**
 * A page of calls, sorted and paged by the server, one line each (cards on a phone). Each call
 * can be rung back, heard (its recording or voicemail message) and acted on by `actions`; a
 * group's log names each call's clinic (`clinicOf`).
 */
export function CallTable<R extends CallLogRow>({
  calls,
  view,
  loading,
  onSort,
  onPage,
  actions,
  clinicOf,
}: {
  calls: R[];
  view: TableView;
  loading: boolean;
  onSort: (id: string) => void;
  onPage: (page: number) => void;
  actions: (call: R) => ReactNode;
  clinicOf?: (call: R) => string;
}) {
  return (
    <div className="data-table call-log">
      <TableScroll label="Calls">
        <table aria-label="Calls" aria-busy={loading || undefined}>
          <thead>
            <tr>
              <SortHeader id="time" view={view} onSort={onSort} />
              {clinicOf && <th scope="col">Clinic</th>}
              <SortHeader id="caller" view={view} onSort={onSort} />
              <th scope="col">Tracked number</th>
              <SortHeader id="source" view={view} onSort={onSort} />
              <SortHeader id="duration" view={view} onSort={onSort} />
              <SortHeader id="outcome" view={view} onSort={onSort} />
              <th scope="col">Follow-up</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
              <th scope="col">Tags and score</th>
            </tr>
          </thead>
          <tbody>
            {calls.map((call) => (
              <Fragment key={call.id}>
              <tr>
                <td data-label="Date and time">{call.time}</td>
                {clinicOf && <td data-label="Clinic">{clinicOf(call)}</td>}
                <td data-label="Caller" className="cell-caller">
                  {call.caller}
                  {call.firstTime && <span className="chip chip-new">First-time</span>}
                  {call.testCall && (
                    <span className="chip chip-test" title={call.testCall}>
                      {call.testCall.split(',')[0]}
                    </span>
                  )}
                  {call.callOut && (
                    <span className="chip chip-test" title={call.callOut}>
                      {call.callOut.split(',')[0]}
                    </span>
                  )}
                </td>
                <td data-label="Tracked number" title={[call.numberName, call.campaign].filter(Boolean).join(' · ')}>
                  {call.trackedNumber}
                  {call.numberName && <span className="cell-note cell-after cell-wide-hidden">{call.numberName}</span>}
                </td>
                <td data-label="Source / medium" title={call.landingPage ? pagePath(call.landingPage) : undefined}>
                  {call.source ? `${call.source} / ${call.medium}` : '—'}
                  {call.callbackOf != null && <span className="cell-note cell-after">{CALLBACK_SOURCE_NOTE}</span>}
                </td>
                <td data-label="Talk time">{call.duration}</td>
                <td data-label="Outcome">
                  <span className={`outcome outcome-${call.outcome}`}>{call.outcomeLabel}</span>
                </td>
                <td data-label="Follow-up">
                  <FollowUpCell call={call} />
                </td>
                <td className="call-actions">
                  <div className="call-actions-row">
                  {call.recordingUrl && (
                    <RowPlayer
                      url={call.recordingUrl}
                      length={call.recordingLength}
                      label={`${call.outcome === 'voicemail' ? 'voicemail from' : 'recording of the call from'} ${call.caller} at ${call.time}`}
                    />
                  )}
                  {call.callerDial && (
                    <a className="button" href={call.callerDial} aria-label={`Call ${call.caller} back`} title="Call back">
                      <PhoneIcon />
                    </a>
                  )}
                  {call.callerDial && <CallOutButton number={call.caller} />}
                  {actions(call)}
                  </div>
                </td>
                <td data-label="Tags and score" title={[...call.tags, call.scoreLabel, call.leadScore].filter(Boolean).join(' · ')}>
                  {[...call.tags, call.scoreLabel || call.leadScore].filter(Boolean).join(' · ') || (
                    <span className="cell-muted">—</span>
                  )}
                </td>
              </tr>
              {call.transcriptLine && (
                <tr className="transcript-line">
                  <td colSpan={clinicOf ? 10 : 9}>
                    <span className="visually-hidden">Said in the call from {call.caller}: </span>
                    <q>{call.transcriptLine}</q>
                  </td>
                </tr>
              )}
              </Fragment>
            ))}
          </tbody>
        </table>
      </TableScroll>
      <Paging view={view} onPage={onPage} />
    </div>
  );
}

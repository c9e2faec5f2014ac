import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { DataTable, type Column } from '../../components/DataTable';
import { LoadedPage } from '../../components/LoadedPage';
import { DraftBanner } from '../../components/draft/DraftBanner';
import { TestCallButton } from '../../components/phone/PhoneButtons';
import { ResultBanner, type Outcome } from '../../components/ResultBanner';
import { validationErrors } from '../../lib/api';
import { useLoader } from '../../lib/useLoader';
import { getNumber, getNumberLists, updateNumbers, type NumberDetails, type NumberLists } from './api';
import { ATTRIBUTION_FIELDS, AttributionFields, useAttributionForm } from './attribution';
import { RoutingCell, recordingLabel, StatusCell } from './columns';
import { ACTION_FAILED, failedText, NUMBER_NOT_FOUND } from './messages';
import { ReleaseFlow } from './ReleaseFlow';

const CALL_COLUMNS: Column<NumberDetails['recentCalls'][number]>[] = [
  { id: 'time', header: 'Time', cell: (call) => call.time },
  { id: 'caller', header: 'Caller', cell: (call) => call.caller },
  { id: 'duration', header: 'Talk time', cell: (call) => call.duration },
  { id: 'outcome', header: 'Outcome', cell: (call) => call.outcomeLabel },
];

const HISTORY_COLUMNS: Column<NumberDetails['history'][number]>[] = [
  { id: 'time', header: 'Time', cell: (entry) => entry.time },
  { id: 'who', header: 'Who', cell: (entry) => entry.userName },
  { id: 'change', header: 'Change', cell: (entry) => entry.summary },
];

/** The call log filtered to the number, over the days its stored calls span (the log's default is 30 days). */
export function allCallsLink(id: number, range: NumberDetails['allCalls']): string {
  const query = new URLSearchParams({ number: String(id) });
  if (range) {
    query.set('preset', 'custom');
    query.set('from', range.from);
    query.set('to', range.to);
  }
  return `/reports?${query}`;
}

/** /numbers/{id} and /campaigns/{campaign}/number/{id}: one static number. */
export function NumberPage({ id, title }: { id: number; title: string }) {
  const [load, reload] = useLoader(() => Promise.all([getNumber(id), getNumberLists()]), [id]);
  const heading = load.status === 'ready' ? load.data[0].number.number : title;
  return (
    <LoadedPage title={heading} load={load} failedText={failedText(load, NUMBER_NOT_FOUND)}>
      {([details, lists]) => <NumberView details={details} lists={lists} reload={reload} />}
    </LoadedPage>
  );
}

function NumberView({
  details,
  lists: loadedLists,
  reload,
}: {
  details: NumberDetails;
  lists: NumberLists;
  reload: () => Promise<void>;
}) {
  const row = details.number;
  const navigate = useNavigate();
  const [lists, setLists] = useState(loadedLists);
  const state = useAttributionForm([row]);
  const [saving, setSaving] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [releasing, setReleasing] = useState(false);
  const canEdit = lists.canEdit;

  async function save() {
    state.touchAll(ATTRIBUTION_FIELDS);
    setOutcome(null);
    if (Object.keys(state.errors).length > 0) return;
    setSaving(true);
    try {
      await updateNumbers([row.id], state.change);
      setOutcome({ kind: 'success', text: `${row.number} saved.` });
      await reload();
    } catch (caught) {
      const fields = validationErrors(caught);
      if (fields && Object.keys(fields).length > 0) state.setServerErrors(fields);
      else setOutcome({ kind: 'error', text: ACTION_FAILED });
    }
    setSaving(false);
  }

  return (
    <div className="number-page-sections">
      <DraftBanner readOnly />
      <ResultBanner outcome={outcome} />
      <section className="card" aria-labelledby="number-summary">
        <h2 id="number-summary">Summary</h2>
        <dl className="number-facts">
          <dt>Campaign</dt>
          <dd>
            {row.campaignId ? <Link to={`/campaigns/${row.campaignId}`}>{row.campaign}</Link> : '—'}
          </dd>
          <dt>Where calls go</dt>
          <dd>
            <RoutingCell row={row} />
          </dd>
          <dt>Call recording</dt>
          <dd>{recordingLabel(row)}</dd>
          <dt>Calls (30 days)</dt>
          <dd>{row.calls30Days}</dd>
          <dt>Bought</dt>
          <dd>{row.bought}</dd>
          <dt>Status</dt>
          <dd>
            <StatusCell row={row} />
          </dd>
        </dl>
        <TestCallButton entryId={row.id} number={row.number} />{' '}
        {canEdit && (
          <button type="button" className="button button-danger" onClick={() => setReleasing(true)}>
            Release number
          </button>
        )}
      </section>
      <section className="card" aria-labelledby="number-attribution">
        <h2 id="number-attribution">Attribution</h2>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <AttributionFields state={state} lists={lists} onListsChange={setLists} disabled={saving || !canEdit} />
          {canEdit && (
            <div className="form-actions">
              <button type="submit" className="button button-primary" disabled={saving} aria-busy={saving || undefined}>
                {saving ? 'Saving…' : 'Save'}
              </button>
            </div>
          )}
        </form>
      </section>
      <section className="card" aria-labelledby="number-path">
        <h2 id="number-path">Where a call goes now</h2>
        <p>{details.routeSummary}</p>
        {details.callPath.length > 0 && (
          <ol className="journey" aria-label="Call path">
            {details.callPath.map((step, i) => (
              <li key={i}>
                <strong>{step.title}</strong> {step.detail}
              </li>
            ))}
          </ol>
        )}
      </section>
      {details.seesCalls && (
        <section className="card" aria-labelledby="number-calls">
          <h2 id="number-calls">Recent calls</h2>
          {details.recentCalls.length === 0 ? (
            <p>No calls yet.</p>
          ) : (
            <DataTable
              plain
              label="Recent calls"
              columns={CALL_COLUMNS}
              rows={details.recentCalls}
              rowKey={(call) => call.id}
              emptyText="No calls yet."
            />
          )}
          <p>
            <Link to={allCallsLink(row.id, details.allCalls)}>See all calls to {row.number}</Link>
          </p>
        </section>
      )}
      <section className="card" aria-labelledby="number-history">
        <h2 id="number-history">Routing history</h2>
        {details.history.length === 0 ? (
          <p>No routing changes yet.</p>
        ) : (
          <DataTable
            plain
            label="Routing history"
            columns={HISTORY_COLUMNS}
            rows={details.history}
            rowKey={(entry) => entry.id}
            emptyText="No routing changes yet."
          />
        )}
      </section>
      {releasing && (
        <ReleaseFlow
          ids={[row.id]}
          numbers={[row.number]}
          onClose={() => setReleasing(false)}
          onFailed={(text) => {
            setReleasing(false);
            setOutcome({ kind: 'error', text });
          }}
          onReleased={(answer) => {
            const back = row.campaignId ? `/campaigns/${row.campaignId}` : '/numbers';
            navigate(back, { state: { notice: answer.message } });
          }}
        />
      )}
    </div>
  );
}

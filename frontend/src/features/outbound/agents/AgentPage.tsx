import { useState } from 'react';
import { Link } from 'react-router';
import { DataTable, type Column } from '../../../components/DataTable';
import { SelectField } from '../../../components/fields';
import { SearchSelectField } from '../../../components/SearchSelectField';
import { formatUk } from '../../../domain/reports';
import { LoadedPage } from '../../../components/LoadedPage';
import { ResultBanner, type Outcome } from '../../../components/ResultBanner';
import { ApiError, refusalErrors } from '../../../lib/api';
import { useLoader } from '../../../lib/useLoader';
import { AGENT_CALLS_PAGE_SIZE, getAgent, setAgentCallerId, setAgentCampaign, type AgentPageData } from './api';

export const AGENT_FAILED = 'The agent could not be loaded. Try again later.';
export const NOT_AN_AGENT = 'This user is not an outbound agent of this account.';
export const CAMPAIGN_FAILED = "The agent's campaign could not be saved. Try again later.";
export const NO_CALLS = 'This agent has made no outbound calls.';
export const CALLER_ID_FAILED = "The agent's caller id could not be saved. Try again later.";

const CALL_COLUMNS: Column<AgentPageData['calls'][number]>[] = [
  { id: 'started', header: 'Date', cell: (call) => call.started },
  { id: 'number', header: 'Number called', cell: (call) => (call.number ? formatUk(call.number) : 'Not recorded') },
  { id: 'kind', header: 'Type', cell: (call) => call.kind },
  { id: 'duration', header: 'Talk time', cell: (call) => call.duration },
  { id: 'campaign', header: 'Campaign', cell: (call) => call.campaign || 'None' },
  { id: 'cost', header: 'Cost (£)', cell: (call) => call.cost },
];

function Calls({ data, page, onPage }: { data: AgentPageData; page: number; onPage: (page: number) => void }) {
  const pages = Math.max(1, Math.ceil(data.total / AGENT_CALLS_PAGE_SIZE));
  if (data.total === 0) return <p className="empty-state">{NO_CALLS}</p>;
  return (
    <>
      <DataTable
        plain
        label={`Outbound calls of ${data.agent.name}`}
        columns={CALL_COLUMNS}
        rows={data.calls}
        rowKey={(call) => call.id}
        emptyText={NO_CALLS}
      />
      <nav className="toolbar-actions" aria-label="Pages of calls">
        <button type="button" className="button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Previous
        </button>
        <span>
          Page {page} of {pages} ({data.total} calls)
        </span>
        <button type="button" className="button" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          Next
        </button>
      </nav>
    </>
  );
}

/** The caller ids on offer; a number given on the user form that is not one of them stays listed as it is. */
function callerIdOptions(data: AgentPageData) {
  const options = data.callerIds.map((c) => ({ value: c.number, label: c.label }));
  const current = data.agent.outboundNumber;
  if (current && !options.some((o) => o.value === current)) options.unshift({ value: current, label: formatUk(current) });
  return options;
}

/** /agents/{id}: an agent's details, their campaign and their outbound calls. */
export function AgentPage({ title, id }: { title: string; id: number }) {
  const [page, setPage] = useState(1);
  const [load, reload] = useLoader(() => getAgent(id, page), [id, page]);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [saving, setSaving] = useState(false);
  const notAgent = load.status === 'failed' && load.error instanceof ApiError && load.error.status === 404;
  const heading = load.status === 'ready' ? `${title}: ${load.data.agent.name}` : title;

  async function changeCallerId(value: string) {
    setSaving(true);
    setOutcome(null);
    try {
      await setAgentCallerId(id, value);
      setOutcome({
        kind: 'success',
        text: value ? `The agent's calls now show ${formatUk(value)}.` : "The agent's calls show no caller id of their own.",
      });
      await reload();
    } catch (failed) {
      setOutcome({ kind: 'error', text: refusalErrors(failed)?.outboundNumber ?? CALLER_ID_FAILED });
    } finally {
      setSaving(false);
    }
  }

  async function changeCampaign(value: string) {
    setSaving(true);
    setOutcome(null);
    try {
      await setAgentCampaign(id, value);
      setOutcome({ kind: 'success', text: "The agent's campaign was saved." });
      await reload();
    } catch {
      setOutcome({ kind: 'error', text: CAMPAIGN_FAILED });
    } finally {
      setSaving(false);
    }
  }

  return (
    <LoadedPage title={heading} load={load} failedText={notAgent ? NOT_AN_AGENT : AGENT_FAILED}>
      {(data) => (
        <>
          <p>
            <Link to="/agents">Agents</Link> › {data.agent.name}
          </p>
          <section className="card" aria-labelledby="agent-details">
            <h2 id="agent-details" className="card-heading">
              Details
            </h2>
            <ResultBanner outcome={outcome} />
            <dl className="plan-facts">
              <dt>Email</dt>
              <dd>{data.agent.email}</dd>
              {!data.canEdit && (
                <>
                  <dt>Outbound number</dt>
                  <dd>{data.agent.outboundNumber ? formatUk(data.agent.outboundNumber) : 'None'}</dd>
                </>
              )}
              <dt>Calls (30 days)</dt>
              <dd>{data.agent.calls30Days}</dd>
              <dt>Talk time (30 days)</dt>
              <dd>{data.agent.talkTime30Days}</dd>
              {!data.canEdit && (
                <>
                  <dt>Campaign</dt>
                  <dd>{data.agent.campaign || 'None'}</dd>
                </>
              )}
            </dl>
            {data.canEdit && (
              <SearchSelectField
                label="Outbound number"
                name="outboundNumber"
                value={data.agent.outboundNumber}
                placeholder="No caller id of their own"
                options={callerIdOptions(data)}
                hint="The number the people they call see: one of your tracked numbers or verified caller ids."
                onChange={(value) => void changeCallerId(value)}
                disabled={saving}
              />
            )}
            {data.canEdit && (
              <SelectField
                label="Campaign"
                name="outboundCampaignId"
                value={data.agent.campaignId ? String(data.agent.campaignId) : ''}
                placeholder="No campaign"
                options={data.campaigns.map((c) => ({ value: String(c.id), label: c.name }))}
                onChange={(value) => void changeCampaign(value)}
                disabled={saving}
              />
            )}
          </section>
          <section className="card" aria-labelledby="agent-calls">
            <h2 id="agent-calls" className="card-heading">
              Outbound calls
            </h2>
            <Calls data={data} page={page} onPage={setPage} />
          </section>
        </>
      )}
    </LoadedPage>
  );
}

import { useState } from 'react';
import { Link } from 'react-router';
import { usePurchase } from '../../../components/purchase/PurchaseContext';
import { DataTable, type Column } from '../../../components/DataTable';
import { DeleteConfirmDialog } from '../../../components/DeleteConfirmDialog';
import { Dialog } from '../../../components/Dialog';
import { SelectField } from '../../../components/fields';
import { LoadedPage } from '../../../components/LoadedPage';
import { formatUk } from '../../../domain/reports';
import { ResultBanner, type Outcome } from '../../../components/ResultBanner';
import { refusalErrors } from '../../../lib/api';
import { useLoader } from '../../../lib/useLoader';
import { agentPath, getAgents, giveAccess, takeAccess, type AgentsPageData, type AgentView } from './api';

export const LOAD_FAILED = 'The agents could not be loaded. Try again later.';
export const GIVE_FAILED = 'Outbound access could not be given. Try again later.';
export const TAKE_FAILED = 'Outbound access could not be taken. Try again later.';
export const NO_AGENTS = 'No user has outbound access yet.';
export const NO_CANDIDATES = 'Every user who can be an agent already is one.';

/** Choosing a user, the confirmation, and the refusal (with the purchase offer) when every paid agent is in use. */
function GiveAccess({ data, onGiven }: { data: AgentsPageData; onGiven: (name: string) => Promise<void> }) {
  const purchase = usePurchase();
  const [chosen, setChosen] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const candidate = data.candidates.find((c) => String(c.id) === chosen);

  if (data.candidates.length === 0) return <p className="field-hint">{NO_CANDIDATES}</p>;
  // Every paid agent in use: said before anyone is chosen, with the way to buy another.
  if (data.allInUse && !refusal) {
    return (
      <div role="status" className="banner banner-warning">
        <p>{data.allInUse}</p>
        {data.canBuy && (
          <button
            type="button"
            className="button"
            onClick={() => purchase.open(data.addAgentScope, { onDone: () => void onGiven('') })}
          >
            Buy another agent
          </button>
        )}
      </div>
    );
  }

  async function give() {
    if (!candidate) return;
    setBusy(true);
    try {
      await giveAccess(candidate.id);
      setAsking(false);
      setChosen('');
      await onGiven(candidate.name);
    } catch (failed) {
      const message = refusalErrors(failed)?.userId;
      if (message) setRefusal(message);
      else setError(GIVE_FAILED);
      setAsking(false);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <form
        className="toolbar-actions"
        aria-label="Give outbound access"
        onSubmit={(event) => {
          event.preventDefault();
          setRefusal(null);
          setError(null);
          if (!candidate) setError('Choose a user.');
          else setAsking(true);
        }}
      >
        <SelectField
          label="User"
          name="userId"
          value={chosen}
          placeholder="Choose a user"
          options={data.candidates.map((c) => ({ value: String(c.id), label: c.name }))}
          onChange={(value) => {
            setChosen(value);
            setError(null);
            setRefusal(null);
          }}
          error={error}
        />
        <button type="submit" className="button button-primary">
          Give outbound access
        </button>
      </form>
      {refusal && (
        <div role="alert" className="banner banner-error">
          <p>{refusal}</p>
          {data.canBuy && (
            <button
              type="button"
              className="button"
              onClick={() =>
                purchase.open(data.addAgentScope, {
                  onDone: () => {
                    setRefusal(null);
                    void onGiven('');
                  },
                })
              }
            >
              Buy another agent
            </button>
          )}
        </div>
      )}
      <Dialog
        open={asking && candidate !== undefined}
        title="Give outbound access"
        onClose={() => setAsking(false)}
        onSubmit={() => void give()}
        busy={busy}
        actions={
          <>
            <button type="button" className="button" onClick={() => setAsking(false)} disabled={busy}>
              Cancel
            </button>
            <button type="submit" className="button button-primary" data-autofocus disabled={busy}>
              Give access
            </button>
          </>
        }
      >
        <p>{candidate?.giveQuestion}</p>
      </Dialog>
    </>
  );
}

/** /agents: the users with outbound access and their last 30 days; give and take access within the paid agents. */
export function AgentsPage({ title }: { title: string }) {
  const [load, reload] = useLoader(getAgents, []);
  const purchase = usePurchase();
  const [taking, setTaking] = useState<AgentView | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  async function confirmTake(agent: AgentView) {
    setBusy(true);
    try {
      await takeAccess(agent.id);
      setOutcome({ kind: 'success', text: `${agent.name} no longer has outbound access.` });
      await reload();
    } catch {
      setOutcome({ kind: 'error', text: TAKE_FAILED });
    } finally {
      setBusy(false);
      setTaking(null);
    }
  }

  function columns(canEdit: boolean): Column<AgentView>[] {
    const all: Column<AgentView>[] = [
      {
        id: 'name',
        header: 'Agent',
        cell: (a) => <Link to={agentPath(a.id)}>{a.name}</Link>,
        sortValue: (a) => a.name.toLowerCase(),
        csv: (a) => a.name,
      },
      { id: 'email', header: 'Email', cell: (a) => a.email, sortValue: (a) => a.email, csv: (a) => a.email },
      {
        id: 'number',
        header: 'Outbound number',
        cell: (a) => (a.outboundNumber ? formatUk(a.outboundNumber) : 'None'),
        csv: (a) => a.outboundNumber,
      },
      {
        id: 'campaign',
        header: 'Campaign',
        cell: (a) => a.campaign || 'None',
        sortValue: (a) => a.campaign,
        csv: (a) => a.campaign,
      },
      {
        id: 'calls',
        header: 'Calls (30 days)',
        cell: (a) => a.calls30Days,
        sortValue: (a) => a.calls30Days,
        csv: (a) => a.calls30Days,
      },
      {
        id: 'talk',
        header: 'Talk time (30 days)',
        cell: (a) => a.talkTime30Days,
        sortValue: (a) => a.talkSeconds30Days,
        csv: (a) => a.talkTime30Days,
      },
    ];
    if (canEdit) {
      all.push({
        id: 'actions',
        header: 'Actions',
        cell: (a) => (
          <button
            type="button"
            className="button button-danger"
            aria-label={`Take outbound access from ${a.name}`}
            onClick={() => {
              setOutcome(null);
              setTaking(a);
            }}
          >
            Take access
          </button>
        ),
      });
    }
    return all;
  }

  return (
    <LoadedPage title={title} load={load} failedText={LOAD_FAILED}>
      {(data) => (
        <div className="card">
          <p>
            Agents are the users who make tracked outbound calls. Outbound is charged per agent: giving a user access
            takes one of the agents your account pays for.
          </p>
          <p>
            <strong>{data.seats.summary}</strong>{' '}
            {data.canBuy && (
              <button
                type="button"
                className="button"
                onClick={() =>
                  purchase.open(data.addAgentScope, {
                    onDone: () => {
                      setOutcome({ kind: 'success', text: 'Another agent was added to your account.' });
                      void reload();
                    },
                  })
                }
              >
                Buy another agent
              </button>
            )}
          </p>
          <ResultBanner outcome={outcome} />
          {data.canEdit && (
            <GiveAccess
              data={data}
              onGiven={async (name) => {
                setOutcome(
                  name
                    ? { kind: 'success', text: `${name} now has outbound access.` }
                    : { kind: 'success', text: 'Another agent was added to your account.' },
                );
                await reload();
              }}
            />
          )}
          <DataTable
            label="Outbound agents"
            columns={columns(data.canEdit)}
            rows={data.agents}
            rowKey={(a) => a.id}
            pageSize={25}
            defaultSort={{ column: 'name', direction: 'asc' }}
            searchText={(a) => `${a.name} ${a.email} ${a.campaign} ${a.outboundNumber} ${a.outboundNumber && formatUk(a.outboundNumber)}`}
            emptyText={NO_AGENTS}
            csvFileName="Outbound agents"
          />
          <DeleteConfirmDialog
            open={taking !== null}
            title="Take outbound access"
            confirmLabel="Take access"
            message={taking?.takeQuestion ?? ''}
            busy={busy}
            onCancel={() => setTaking(null)}
            onConfirm={() => taking && void confirmTake(taking)}
          />
        </div>
      )}
    </LoadedPage>
  );
}

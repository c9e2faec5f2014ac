import { useState } from 'react';
import { Link } from 'react-router';
import { DataTable } from '../../../components/DataTable';
import { DeleteConfirmDialog } from '../../../components/DeleteConfirmDialog';
import { CheckboxField } from '../../../components/fields';
import { LoadedPage } from '../../../components/LoadedPage';
import { ResultBanner, type Outcome } from '../../../components/ResultBanner';
import { refusalErrors } from '../../../lib/api';
import { useOptionalAccount } from '../../../lib/account';
import { formatUk } from '../../../domain/reports';
import { useLoader } from '../../../lib/useLoader';
import {
  getCallerIds,
  removeCallerId,
  resendCode,
  restrictAgent,
  type CallerIdsPage as Data,
  type OutsideCallerId,
} from './api';
import { CallerIdDialog, type DialogStart } from './CallerIdDialog';
import { outsideColumns, TRACKED_COLUMNS } from './columns';

export const LOAD_FAILED = 'The caller ids could not be loaded. Try again later.';
export const REMOVE_FAILED = 'The caller id could not be removed. Try again later.';
export const RESTRICT_FAILED = 'The restriction could not be saved. Try again later.';
export const RESEND_FAILED = 'A new code could not be sent. Try again later.';

function AgentsList({
  data,
  busy,
  onRestrict,
}: {
  data: Data;
  busy: boolean;
  onRestrict: (id: number, on: boolean) => void;
}) {
  if (data.agents.length === 0) return <p className="empty-state">No agents yet: give users outbound access on Agents.</p>;
  return (
    <div className="agent-restrictions">
      {data.agents.map((agent) => (
        <div key={agent.id}>
          <CheckboxField
            switchRole
            label={`Restrict ${agent.name} to the list`}
            checked={agent.cliRestricted}
            disabled={busy}
            hint={agent.outboundNumber ? `Presents ${formatUk(agent.outboundNumber)}` : 'No caller id set'}
            onChange={(on) => onRestrict(agent.id, on)}
          />
        </div>
      ))}
    </div>
  );
}

/** /outboundcli: the caller ids agents may present; outside numbers added and verified with a code; restrictions. */
export function CallerIdsPage({ title }: { title: string }) {
  const [load, reload] = useLoader(getCallerIds, []);
  const zone = useOptionalAccount()?.customerTimeZone || 'Europe/London';
  const [dialog, setDialog] = useState<DialogStart | null>(null);
  const [removing, setRemoving] = useState<OutsideCallerId | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  async function act(action: () => Promise<unknown>, done: string, failed: string, field: string) {
    setBusy(true);
    try {
      await action();
      setOutcome({ kind: 'success', text: done });
      await reload();
    } catch (error) {
      setOutcome({ kind: 'error', text: refusalErrors(error)?.[field] ?? failed });
    } finally {
      setBusy(false);
    }
  }

  return (
    <LoadedPage title={title} load={load} failedText={LOAD_FAILED}>
      {(data) => (
        <>
          <div className="card">
            <h2>Outside numbers</h2>
            <p>
              Agents may present the account's own tracked numbers, and outside numbers of yours once verified: we send
              a 6-digit code to the number, which works for 10 minutes and 5 tries.
            </p>
            <ResultBanner outcome={outcome} />
            <div className="toolbar-actions">
              <button type="button" className="button button-primary" onClick={() => setDialog({ step: 'number' })}>
                Add outside number
              </button>
            </div>
            <DataTable
              plain
              label="Outside caller ids"
              columns={outsideColumns(zone, {
                onCode: (row) => setDialog({ step: 'code', id: row.id, number: row.number }),
                onResend: (row) =>
                  void act(() => resendCode(row.id), `A new code was sent to ${formatUk(row.number)}.`, RESEND_FAILED, 'form_code'),
                onRemove: (row) => {
                  setOutcome(null);
                  setRemoving(row);
                },
              })}
              rows={data.outside}
              rowKey={(row) => row.id}
              emptyText="No outside numbers yet."
            />
          </div>
          <div className="card">
            <h2>Agents restricted to the list</h2>
            <p>
              A restricted agent presents only a number on this page: a tracked number or a verified outside number.
              Agents call out under the <Link to="/outboundterms">outbound terms</Link>.
            </p>
            <AgentsList
              data={data}
              busy={busy}
              onRestrict={(id, on) =>
                void act(
                  () => restrictAgent(id, on),
                  on ? 'The agent is restricted to the list.' : 'The agent is no longer restricted.',
                  RESTRICT_FAILED,
                  'form_customer_restrict_cli',
                )
              }
            />
          </div>
          <div className="card">
            <h2>Tracked numbers</h2>
            <DataTable
              plain
              label="Tracked numbers"
              columns={TRACKED_COLUMNS}
              rows={data.tracked}
              rowKey={(t) => t.number}
              emptyText="The account has no tracked numbers yet."
            />
          </div>
          {dialog && (
            <CallerIdDialog
              start={dialog}
              tracked={data.tracked.map((t) => t.number)}
              outside={data.outside.map((o) => o.number)}
              onClose={() => {
                setDialog(null);
                void reload();
              }}
              onAdded={() => void reload()}
              onVerified={(number) => {
                setDialog(null);
                setOutcome({ kind: 'success', text: `${formatUk(number)} is verified: agents may present it.` });
                void reload();
              }}
            />
          )}
          <DeleteConfirmDialog
            open={removing !== null}
            message={removing?.removeQuestion ?? ''}
            confirmLabel="Remove"
            busy={busy}
            onCancel={() => setRemoving(null)}
            onConfirm={() => {
              const row = removing;
              if (!row) return;
              void act(() => removeCallerId(row.id), `${formatUk(row.number)} was removed.`, REMOVE_FAILED, 'form_number').then(
                () => setRemoving(null),
              );
            }}
          />
        </>
      )}
    </LoadedPage>
  );
}

import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { DeleteConfirmDialog } from '../../../components/DeleteConfirmDialog';
import { LoadedPage } from '../../../components/LoadedPage';
import { ResultBanner, type Outcome } from '../../../components/ResultBanner';
import { ApiError, refusalErrors } from '../../../lib/api';
import { useLoader } from '../../../lib/useLoader';
import { agentPath } from '../agents/api';
import { deleteCampaign, getCampaign } from './api';
import { CampaignNameForm } from './CampaignNameForm';
import { DELETE_FAILED } from './CampaignsPage';

export const CAMPAIGN_FAILED = 'The campaign could not be loaded. Try again later.';
export const NO_SUCH_CAMPAIGN = 'There is no such outbound campaign in this account.';
export const NO_CAMPAIGN_AGENTS = 'No agent is on this campaign.';

/** /outboundcampaigns/{id}: a campaign with its agents; rename and delete. */
export function CampaignPage({ title, id }: { title: string; id: number }) {
  const [load, reload] = useLoader(() => getCampaign(id), [id]);
  const navigate = useNavigate();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [busy, setBusy] = useState(false);
  const missing = load.status === 'failed' && load.error instanceof ApiError && load.error.status === 404;
  const heading = load.status === 'ready' ? `${title}: ${load.data.name}` : title;

  async function confirmDelete() {
    setBusy(true);
    try {
      await deleteCampaign(id);
      void navigate('/outboundcampaigns');
    } catch (failed) {
      setOutcome({ kind: 'error', text: refusalErrors(failed)?.outboundCampaignId ?? DELETE_FAILED });
    } finally {
      setBusy(false);
      setDeleting(false);
    }
  }

  return (
    <LoadedPage title={heading} load={load} failedText={missing ? NO_SUCH_CAMPAIGN : CAMPAIGN_FAILED}>
      {(data) => (
        <>
          <p>
            <Link to="/outboundcampaigns">Outbound campaigns</Link> › {data.name}
          </p>
          <div className="card">
            <ResultBanner outcome={outcome} />
            {data.canEdit && (
              <CampaignNameForm
                key={data.name}
                campaign={data}
                label="Campaign name"
                taken={[]}
                onSaved={(text) => {
                  setOutcome({ kind: 'success', text });
                  void reload();
                }}
              />
            )}
            <h2 className="card-heading">Agents on this campaign</h2>
            {data.agents.length === 0 ? (
              <p className="empty-state">{NO_CAMPAIGN_AGENTS}</p>
            ) : (
              <ul>
                {data.agents.map((agent) => (
                  <li key={agent.id}>
                    <Link to={agentPath(agent.id)}>{agent.name}</Link> ({agent.email})
                  </li>
                ))}
              </ul>
            )}
            {data.canEdit && (
              <button
                type="button"
                className="button button-danger"
                onClick={() => {
                  if (data.agents.length > 0) setOutcome({ kind: 'error', text: data.deleteQuestion });
                  else setDeleting(true);
                }}
              >
                Delete campaign
              </button>
            )}
            <DeleteConfirmDialog
              open={deleting}
              message={data.deleteQuestion}
              busy={busy}
              onCancel={() => setDeleting(false)}
              onConfirm={() => void confirmDelete()}
            />
          </div>
        </>
      )}
    </LoadedPage>
  );
}

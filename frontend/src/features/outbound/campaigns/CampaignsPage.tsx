import { useState } from 'react';
import { Link } from 'react-router';
import { DeleteConfirmDialog } from '../../../components/DeleteConfirmDialog';
import { LoadedPage } from '../../../components/LoadedPage';
import { ResultBanner, type Outcome } from '../../../components/ResultBanner';
import { refusalErrors } from '../../../lib/api';
import { useLoader } from '../../../lib/useLoader';
import { campaignPath, deleteCampaign, getCampaigns, type CampaignsPageData, type CampaignView } from './api';
import { CampaignNameForm } from './CampaignNameForm';
import { ReportEmails } from './ReportEmails';

export const LOAD_FAILED = 'The outbound campaigns could not be loaded. Try again later.';
export const DELETE_FAILED = 'The campaign could not be deleted. Try again later.';
export const NO_CAMPAIGNS = 'No outbound campaigns yet.';

function CampaignsTable({
  data,
  editing,
  onEdit,
  onEdited,
  onDelete,
}: {
  data: CampaignsPageData;
  editing: number | null;
  onEdit: (id: number | null) => void;
  onEdited: (name: string) => void;
  onDelete: (campaign: CampaignView) => void;
}) {
  if (data.campaigns.length === 0) return <p className="empty-state">{NO_CAMPAIGNS}</p>;
  return (
    <div className="table-scroll">
      <table className="simple-table">
        <caption className="visually-hidden">Outbound campaigns</caption>
        <thead>
          <tr>
            <th scope="col">Campaign</th>
            <th scope="col">Agents</th>
            {data.canEdit && (
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {data.campaigns.map((campaign) => (
            <tr key={campaign.id}>
              <td>
                {editing === campaign.id ? (
                  <CampaignNameForm
                    label={`New name for ${campaign.name}`}
                    initial={campaign.name}
                    taken={data.campaigns.filter((c) => c.id !== campaign.id).map((c) => c.name)}
                    submitLabel="Save"
                    id={campaign.id}
                    onSaved={onEdited}
                    onCancel={() => onEdit(null)}
                  />
                ) : (
                  <Link to={campaignPath(campaign.id)}>{campaign.name}</Link>
                )}
              </td>
              <td>{campaign.agents}</td>
              {data.canEdit && (
                <td className="row-actions">
                  {editing !== campaign.id && (
                    <button
                      type="button"
                      className="button"
                      aria-label={`Edit ${campaign.name}`}
                      onClick={() => onEdit(campaign.id)}
                    >
                      Edit
                    </button>
                  )}{' '}
                  <button
                    type="button"
                    className="button button-danger"
                    aria-label={`Delete ${campaign.name}`}
                    onClick={() => onDelete(campaign)}
                  >
                    Delete
                  </button>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** /outboundcampaigns: the campaigns agents call for, with their agents; add, edit inline, delete; the report emails. */
export function CampaignsPage({ title }: { title: string }) {
  const [load, reload] = useLoader(getCampaigns, []);
  const [editing, setEditing] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<CampaignView | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  function askDelete(campaign: CampaignView) {
    if (campaign.agents > 0) {
      setOutcome({ kind: 'error', text: campaign.deleteQuestion });
      return;
    }
    setOutcome(null);
    setDeleting(campaign);
  }

  async function confirmDelete(campaign: CampaignView) {
    setBusy(true);
    try {
      await deleteCampaign(campaign.id);
      setOutcome({ kind: 'success', text: `The campaign '${campaign.name}' was deleted.` });
      await reload();
    } catch (failed) {
      const refusal = refusalErrors(failed)?.outboundCampaignId;
      setOutcome({ kind: 'error', text: refusal ?? DELETE_FAILED });
    } finally {
      setBusy(false);
      setDeleting(null);
    }
  }

  return (
    <LoadedPage title={title} load={load} failedText={LOAD_FAILED}>
      {(data) => (
        <>
          <div className="card">
            <p>
              Agents make their outbound calls for a campaign, and the reports group the calls by it. A campaign that
              agents are on cannot be deleted until they move to another.
            </p>
            <ResultBanner outcome={outcome} />
            {data.canEdit && (
              <CampaignNameForm
                label="New campaign"
                initial=""
                taken={data.campaigns.map((c) => c.name)}
                submitLabel="Add campaign"
                id={null}
                onSaved={(name) => {
                  setOutcome({ kind: 'success', text: `The campaign '${name}' was added.` });
                  void reload();
                }}
              />
            )}
            <CampaignsTable
              data={data}
              editing={editing}
              onEdit={setEditing}
              onEdited={(name) => {
                setEditing(null);
                setOutcome({ kind: 'success', text: `The campaign was renamed to '${name}'.` });
                void reload();
              }}
              onDelete={askDelete}
            />
            <DeleteConfirmDialog
              open={deleting !== null}
              message={deleting?.deleteQuestion ?? ''}
              busy={busy}
              onCancel={() => setDeleting(null)}
              onConfirm={() => deleting && void confirmDelete(deleting)}
            />
          </div>
          <ReportEmails data={data} onOutcome={setOutcome} />
        </>
      )}
    </LoadedPage>
  );
}

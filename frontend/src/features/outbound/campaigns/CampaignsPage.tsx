import { Link } from 'react-router';
import { RecordsPage } from '../../../components/records/RecordsPage';
import { refusalErrors } from '../../../lib/api';
import { campaignPath, deleteCampaign, getCampaigns, type CampaignView } from './api';
import { CampaignNameForm } from './CampaignNameForm';
import { CallRecording } from './CallRecording';
import { ReportEmails } from './ReportEmails';

export const LOAD_FAILED = 'The outbound campaigns could not be loaded. Try again later.';
export const DELETE_FAILED = 'The campaign could not be deleted. Try again later.';
export const NO_CAMPAIGNS = 'No outbound campaigns yet.';

const others = (campaigns: CampaignView[], id?: number) => campaigns.filter((c) => c.id !== id).map((c) => c.name);

/** /outboundcampaigns: the campaigns agents call for, with their agents; add, edit inline, delete; the report emails. */
export function CampaignsPage({ title }: { title: string }) {
  return (
    <RecordsPage
      title={title}
      load={getCampaigns}
      failedText={LOAD_FAILED}
      rows={(data) => data.campaigns}
      canEdit={(data) => data.canEdit}
      intro={(page) => (
        <>
          <p>
            Agents make their outbound calls for a campaign, and the reports group the calls by it. A campaign that
            agents are on cannot be deleted until they move to another.
          </p>
          {page.canEdit && <CampaignNameForm campaign={null} taken={others(page.data.campaigns)} onSaved={page.succeeded} />}
        </>
      )}
      edit={{ inline: true }}
      label="Outbound campaigns"
      name={(campaign) => campaign.name}
      emptyText={NO_CAMPAIGNS}
      columns={(page) => [
        {
          id: 'campaign',
          header: 'Campaign',
          cell: (campaign: CampaignView) =>
            page.editing?.row?.id === campaign.id ? (
              <CampaignNameForm
                campaign={campaign}
                taken={others(page.data.campaigns, campaign.id)}
                onSaved={page.saved}
                onCancel={page.close}
              />
            ) : (
              <Link to={campaignPath(campaign.id)}>{campaign.name}</Link>
            ),
          sortValue: (campaign) => campaign.name,
        },
        { id: 'agents', header: 'Agents', cell: (campaign) => campaign.agents, sortValue: (campaign) => campaign.agents },
      ]}
      remove={{
        refusal: (campaign) => (campaign.agents > 0 ? campaign.deleteQuestion : null),
        question: (campaign) => campaign.deleteQuestion,
        run: async (campaign) => {
          await deleteCampaign(campaign.id);
          return `The campaign '${campaign.name}' was deleted.`;
        },
        failed: (error) => refusalErrors(error)?.outboundCampaignId ?? DELETE_FAILED,
      }}
      after={(page) => (
        <>
          <ReportEmails data={page.data} onOutcome={page.setOutcome} />
          <CallRecording data={page.data} onOutcome={page.setOutcome} />
        </>
      )}
    />
  );
}

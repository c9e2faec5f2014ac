import { useLocation, useParams } from 'react-router';
import { PageHeading, type SectionProps } from '../../components/PageHeading';
import { PageNote } from '../../components/PageNote';
import { AgentPage } from './agents/AgentPage';
import { AgentsPage } from './agents/AgentsPage';
import { CampaignPage } from './campaigns/CampaignPage';
import { CampaignsPage } from './campaigns/CampaignsPage';
import { CallerIdsPage } from './cli/CallerIdsPage';
import { OutboundTermsPage } from './terms/OutboundTermsPage';

export default function OutboundSection({ title }: SectionProps) {
  const page = useLocation().pathname.replace(/\/+$/, '');
  const id = Number(useParams().id);
  if (page === '/agents') return <AgentsPage title={title} />;
  if (page.startsWith('/agents/')) return <AgentPage title={title} id={id} />;
  if (page === '/outboundcampaigns') return <CampaignsPage title={title} />;
  if (page.startsWith('/outboundcampaigns/')) return <CampaignPage title={title} id={id} />;
  if (page === '/outboundcli') return <CallerIdsPage title={title} />;
  if (page === '/outboundterms') return <OutboundTermsPage title={title} />;
  return (
    <>
      <PageHeading title={title} />
      <PageNote />
    </>
  );
}

import { useLocation } from 'react-router';
import { PageHeading, type SectionProps } from '../../components/PageHeading';
import { PageNote } from '../../components/PageNote';
import { CallerIdsPage } from './cli/CallerIdsPage';
import { OutboundTermsPage } from './terms/OutboundTermsPage';

export default function OutboundSection({ title }: SectionProps) {
  const page = useLocation().pathname.replace(/\/+$/, '');
  if (page === '/outboundcli') return <CallerIdsPage title={title} />;
  if (page === '/outboundterms') return <OutboundTermsPage title={title} />;
  return (
    <>
      <PageHeading title={title} />
      <PageNote />
    </>
  );
}

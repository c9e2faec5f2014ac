import { useLocation } from 'react-router';
import { PageHeading, type SectionProps } from '../../components/PageHeading';
import { StaticNumberPage } from './static/StaticNumberPage';

/**
 * /services/static (the static number form). The services page and the dynamic URL and pool
 * form are to come (issue 15) and show their titles.
 */
export default function ServicesSection({ title }: SectionProps) {
  const page = useLocation().pathname.replace(/\/+$/, '');
  if (page === '/services/static') return <StaticNumberPage title={title} />;
  return <PageHeading title={title} />;
}

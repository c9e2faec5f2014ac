import { useLocation } from 'react-router';
import { PageHeading, type SectionProps } from '../../components/PageHeading';
import { DynamicPoolPage } from './dynamic/DynamicPoolPage';
import { ServicesPage } from './ServicesPage';
import { StaticNumberPage } from './static/StaticNumberPage';
import { WebsitePage } from './website/WebsitePage';

/**
 * /services (the services page), /services/static (the static number form), /services/dynamic
 * and /services/dynamic/{id} (the dynamic URL and pool form), /services/website (the website the
 * plan includes, by its address).
 */
export default function ServicesSection({ title }: SectionProps) {
  const page = useLocation().pathname.replace(/\/+$/, '');
  if (page === '/services') return <ServicesPage title={title} />;
  if (page === '/services/static') return <StaticNumberPage title={title} />;
  if (page === '/services/website') return <WebsitePage title={title} />;
  if (page === '/services/dynamic') return <DynamicPoolPage title={title} dynamicUrl={0} />;
  const pool = page.match(/^\/services\/dynamic\/(\d+)$/);
  if (pool) return <DynamicPoolPage key={pool[1]} title={title} dynamicUrl={Number(pool[1])} />;
  return <PageHeading title={title} />;
}

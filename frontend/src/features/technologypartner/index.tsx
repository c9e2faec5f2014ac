import { useLocation } from 'react-router';
import { PageHeading, type SectionProps } from '../../components/PageHeading';
import { ApiKeysPage } from './keys/ApiKeysPage';
import { ReportsPage } from './reports/ReportsPage';
import { SettingsPage } from './settings/SettingsPage';

/**
 * The technology-partner portal's own pages. Its subscription, invoices and billing details are
 * the billing section's screens under /technologypartner.
 */
export default function TechnologypartnerSection({ title }: SectionProps) {
  const path = useLocation().pathname.replace(/\/+$/, '');
  if (path === '/technologypartner/api-keys') return <ApiKeysPage title={title} />;
  if (path === '/technologypartner/reports') return <ReportsPage title={title} />;
  if (path === '/technologypartner/settings') return <SettingsPage title={title} />;
  return <PageHeading title={title} />;
}

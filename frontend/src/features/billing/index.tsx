import { useLocation } from 'react-router';
import { PageHeading, type SectionProps } from '../../components/PageHeading';
import { SubscriptionPage } from './subscription/SubscriptionPage';
import { UpgradeCentrePage } from './upgradecentre/UpgradeCentrePage';

/**
 * /subscription (and /subscription/upgrade, with the upgrade open) and /upgradecentre; the
 * billing details and invoices pages are to come (issue 14) and show their title.
 */
export default function BillingSection({ title }: SectionProps) {
  const page = useLocation().pathname.replace(/\/+$/, '');
  if (page === '/subscription' || page === '/subscription/upgrade') {
    return <SubscriptionPage upgrade={page === '/subscription/upgrade'} />;
  }
  if (page === '/upgradecentre') return <UpgradeCentrePage title={title} />;
  return <PageHeading title={title} />;
}

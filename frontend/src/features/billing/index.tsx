import { useLocation } from 'react-router';
import { PageHeading, type SectionProps } from '../../components/PageHeading';
import { BillingDetailsPage } from './details/BillingDetailsPage';
import { SubscriptionPage } from './subscription/SubscriptionPage';
import { UpgradeCentrePage } from './upgradecentre/UpgradeCentrePage';

/**
 * /subscription (and /subscription/upgrade, with the upgrade open), /upgradecentre and
 * /billing/details; the card update and invoices pages are to come (issue 14) and show their
 * title.
 */
export default function BillingSection({ title }: SectionProps) {
  const page = useLocation().pathname.replace(/\/+$/, '');
  if (page === '/subscription' || page === '/subscription/upgrade') {
    return <SubscriptionPage upgrade={page === '/subscription/upgrade'} />;
  }
  if (page === '/upgradecentre') return <UpgradeCentrePage title={title} />;
  if (page === '/billing/details') return <BillingDetailsPage title={title} />;
  return <PageHeading title={title} />;
}

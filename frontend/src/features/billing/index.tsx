import { useLocation } from 'react-router';
import { PageHeading, type SectionProps } from '../../components/PageHeading';
import { BillingDetailsPage } from './details/BillingDetailsPage';
import { PaymentPage } from './payment/PaymentPage';
import { SubscriptionPage } from './subscription/SubscriptionPage';
import { UpgradeCentrePage } from './upgradecentre/UpgradeCentrePage';

/**
 * /subscription (and /subscription/upgrade, with the upgrade open), /upgradecentre,
 * /billing/details and its card update; the invoices page is to come (issue 14) and shows its
 * title.
 */
export default function BillingSection({ title }: SectionProps) {
  const page = useLocation().pathname.replace(/\/+$/, '');
  if (page === '/subscription' || page === '/subscription/upgrade') {
    return <SubscriptionPage upgrade={page === '/subscription/upgrade'} />;
  }
  if (page === '/upgradecentre') return <UpgradeCentrePage title={title} />;
  if (page === '/billing/details') return <BillingDetailsPage title={title} />;
  if (page === '/billing/details/payment') return <PaymentPage title={title} />;
  return <PageHeading title={title} />;
}

import { useLocation } from 'react-router';
import { PageHeading, type SectionProps } from '../../components/PageHeading';
import { BillingDetailsPage } from './details/BillingDetailsPage';
import { InvoicesPage } from './invoices/InvoicesPage';
import { PaymentPage } from './payment/PaymentPage';
import { SubscriptionPage } from './subscription/SubscriptionPage';
import { UpgradeCentrePage } from './upgradecentre/UpgradeCentrePage';

/** A technology partner's billing pages are these same screens, under its portal's path. */
export const TECH_PORTAL = '/technologypartner';

/**
 * /subscription (and /subscription/upgrade, with the upgrade open), /upgradecentre,
 * /billing/details and its card update, /invoices; the last three also under /technologypartner.
 */
export default function BillingSection({ title }: SectionProps) {
  const path = useLocation().pathname.replace(/\/+$/, '');
  const portal = path.startsWith(`${TECH_PORTAL}/`) ? TECH_PORTAL : '';
  const page = path.slice(portal.length);
  if (page === '/subscription' || page === '/subscription/upgrade') {
    return <SubscriptionPage upgrade={page === '/subscription/upgrade'} />;
  }
  if (page === '/upgradecentre') return <UpgradeCentrePage title={title} />;
  if (page === '/billing/details') return <BillingDetailsPage title={title} portal={portal} />;
  if (page === '/billing/details/payment') return <PaymentPage title={title} portal={portal} />;
  if (page === '/invoices') return <InvoicesPage title={title} />;
  return <PageHeading title={title} />;
}

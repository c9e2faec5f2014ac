import { useLocation } from 'react-router';
import { PageHeading, type SectionProps } from '../../components/PageHeading';
import { AccountsPage } from './accounts/AccountsPage';
import { BenefitsPage } from './benefits/BenefitsPage';
import { RewardsPage } from './rewards/RewardsPage';
import { BrandingPage } from './settings/BrandingPage';

/** The partner portal: /partner/accounts, /partner/rewards, /partner/settings and the benefits pages. */
export default function PartnerSection({ title }: SectionProps) {
  const path = useLocation().pathname.replace(/\/+$/, '');
  if (path === '/partner/accounts') return <AccountsPage title={title} />;
  if (path === '/partner/rewards') return <RewardsPage title={title} />;
  if (path === '/partner/settings') return <BrandingPage title={title} />;
  if (path === '/partner/benefits/reseller') return <BenefitsPage title={title} programme="reseller" />;
  if (path === '/partner/benefits/referrer') return <BenefitsPage title={title} programme="referrer" />;
  return <PageHeading title={title} />;
}

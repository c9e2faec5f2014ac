import { useLocation } from 'react-router';
import { AccountsPage } from './accounts/AccountsPage';
import type { SectionProps } from '../../components/PageHeading';

/**
 * Billing > Accounts (/partneraccounts): the partner's accounts, as the portal lists them; and
 * /createaccount, the account menu's '+' as a page: the same list with Add account open.
 */
export default function PartneraccountsSection({ title }: SectionProps) {
  const path = useLocation().pathname.replace(/\/+$/, '');
  return <AccountsPage title={title} startAdding={path === '/createaccount'} />;
}

import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { AccountState } from '../../domain';
import { AccountProvider } from '../../lib/account';
import { account } from '../../test/fixtures';
import PartnerSection from './index';

/** A partner's account with both programmes approved and every partner right. */
export const partner = (overrides: Partial<AccountState> = {}) =>
  account({
    isPartner: true,
    customerId: 600,
    customerName: 'Brightside Marketing',
    canAccessPartnerAccounts: true,
    canAddPartnerAccounts: true,
    userCanCreatePartnerAccounts: true,
    partnerResellerApprovedFlag: true,
    partnerReferrerApprovedFlag: true,
    ...overrides,
  });

function Where() {
  const { pathname } = useLocation();
  return <output aria-label="location">{pathname}</output>;
}

/** The partner section at `path`; `reload` is the account reload the pages call. */
export function renderPartner(path: string, acc: AccountState = partner(), reload: () => Promise<void> = async () => {}) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <AccountProvider account={acc} setAccount={() => {}} reload={reload}>
        <Routes>
          <Route path="/partner/*" element={<PartnerSection title="Partner page" />} />
          <Route path="/" element={<p>Client admin area</p>} />
        </Routes>
        <Where />
      </AccountProvider>
    </MemoryRouter>,
  );
  return userEvent.setup();
}

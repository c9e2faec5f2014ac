import { render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, test } from 'vitest';
import { AccountProvider } from '../../lib/account';
import { account, jsonResponse, stubApi } from '../../test/fixtures';
import PartneraccountsSection from './accountsSection';

const CLIENTS = {
  accounts: [
    {
      id: 601,
      name: 'Greenway Garden Centre',
      accountCode: 'GGC-601',
      packageName: 'Starter',
      programme: 'referrer',
      numbers: 2,
      calls30Days: 14,
      dateAdded: '13/07/2026',
      createdAt: 1,
    },
  ],
  canAddAccounts: true,
};

function renderAt(path: string, canAddAccounts = true) {
  stubApi({ '/api/partnerportal/getAccounts': () => jsonResponse({ ...CLIENTS, canAddAccounts }) });
  render(
    <MemoryRouter initialEntries={[path]}>
      <AccountProvider account={account()} setAccount={() => {}} reload={async () => {}}>
        <Routes>
          <Route path="*" element={<PartneraccountsSection title="Accounts" />} />
        </Routes>
      </AccountProvider>
    </MemoryRouter>,
  );
}

describe("the partner's accounts outside the portal", () => {
  test('Billing > Accounts lists the partner accounts, with a way into each', async () => {
    renderAt('/partneraccounts', false);
    const table = await screen.findByRole('table', { name: 'Client accounts' });
    expect(within(table).getByRole('row', { name: /Greenway Garden Centre/ })).toHaveTextContent('GGC-601');
    expect(within(table).getByRole('button', { name: 'Log in to Greenway Garden Centre' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add account' })).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  test('/createaccount is the list with the Add account dialog open', async () => {
    renderAt('/createaccount');
    expect(await screen.findByRole('dialog', { name: 'Add account' })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Client accounts' })).toBeInTheDocument();
  });
});

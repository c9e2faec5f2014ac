import { useState } from 'react';
import { useNavigate } from 'react-router';
import { DataTable, ROWS_PER_PAGE, type Column } from '../../../components/DataTable';
import { LoadedPage } from '../../../components/LoadedPage';
import { useAccount } from '../../../lib/account';
import { withContact } from '../../../lib/contact';
import { useLoader } from '../../../lib/useLoader';
import { enterClientAccount, getAccounts, type AccountCreated, type ClientAccount, type ClientAccounts } from './api';
import { ACCOUNTS_FAILED, accountCreated, ENTER_FAILED, NO_ACCOUNTS } from './messages';
import { AddAccountDialog } from './AddAccountDialog';
import { LocationNotice } from '../../../components/LocationNotice';
import { ResultBanner, type Outcome } from '../../../components/ResultBanner';


function ClientTable({
  clients,
  onChanged,
  startAdding,
}: {
  clients: ClientAccounts;
  onChanged: () => Promise<void>;
  startAdding: boolean;
}) {
  const { reload } = useAccount();
  const navigate = useNavigate();
  // /createaccount opens the list with the dialog open, where the user may add accounts.
  const [adding, setAdding] = useState(startAdding && clients.canAddAccounts);
  const [entering, setEntering] = useState<number | null>(null);
  const [banner, setBanner] = useState<Outcome | null>(null);

  async function enter(client: ClientAccount) {
    setEntering(client.id);
    setBanner(null);
    try {
      await enterClientAccount(client.id);
      await reload();
      navigate('/');
    } catch {
      setBanner({ kind: 'error', text: withContact(ENTER_FAILED) });
      setEntering(null);
    }
  }

  function created(answer: AccountCreated) {
    setAdding(false);
    setBanner({ kind: 'success', text: accountCreated(answer) });
    void onChanged();
    // The account selector lists the new account too.
    void reload();
  }

  const columns: Column<ClientAccount>[] = [
    { id: 'name', header: 'Name', cell: (c) => c.name, sortValue: (c) => c.name, csv: (c) => c.name },
    { id: 'code', header: 'Account code', cell: (c) => c.accountCode, sortValue: (c) => c.accountCode, csv: (c) => c.accountCode },
    { id: 'package', header: 'Package', cell: (c) => c.packageName, sortValue: (c) => c.packageName, csv: (c) => c.packageName },
    { id: 'numbers', header: 'Numbers', cell: (c) => c.numbers, sortValue: (c) => c.numbers, csv: (c) => c.numbers },
    {
      id: 'calls',
      header: 'Calls (30 days)',
      cell: (c) => c.calls30Days,
      sortValue: (c) => c.calls30Days,
      csv: (c) => c.calls30Days,
    },
    { id: 'added', header: 'Date added', cell: (c) => c.dateAdded, sortValue: (c) => c.createdAt, csv: (c) => c.dateAdded },
    {
      id: 'login',
      header: 'Log in',
      cell: (c) => (
        <button
          type="button"
          className="button"
          aria-label={`Log in to ${c.name}`}
          disabled={entering !== null}
          aria-busy={entering === c.id || undefined}
          onClick={() => void enter(c)}
        >
          Log in
        </button>
      ),
    },
  ];
  return (
    <>
      <LocationNotice />
      <ResultBanner outcome={banner} />
      <DataTable
        label="Client accounts"
        columns={columns}
        rows={clients.accounts}
        rowKey={(c) => c.id}
        pageSize={25}
        pageSizeOptions={ROWS_PER_PAGE}
        storageKey="partner-accounts"
        defaultSort={{ column: 'name', direction: 'asc' }}
        searchText={(c) => `${c.name} ${c.accountCode} ${c.packageName}`}
        csvFileName="client-accounts.csv"
        emptyText={NO_ACCOUNTS}
        actions={
          clients.canAddAccounts ? (
            <button type="button" className="button button-primary" onClick={() => setAdding(true)}>
              Add account
            </button>
          ) : undefined
        }
      />
      <AddAccountDialog open={adding} programme="reseller" onClose={() => setAdding(false)} onCreated={created} />
    </>
  );
}

/**
 * The partner's client accounts, a way into each, and Add account: /partner/accounts in the
 * portal, Billing > Accounts (/partneraccounts) inside a client, and /createaccount (the list
 * with the Add account dialog open).
 */
export function AccountsPage({ title, startAdding = false }: { title: string; startAdding?: boolean }) {
  const [load, reload] = useLoader(getAccounts);
  return (
    <LoadedPage title={title} load={load} failedText={withContact(ACCOUNTS_FAILED)}>
      {(clients) => <ClientTable clients={clients} onChanged={reload} startAdding={startAdding} />}
    </LoadedPage>
  );
}

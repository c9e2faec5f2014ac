import { useMemo, useState } from 'react';
import { DataTable } from '../../../components/DataTable';
import { DeleteConfirmDialog } from '../../../components/DeleteConfirmDialog';
import { PageHeading } from '../../../components/PageHeading';
import { PasswordConfirmDialog, SOMETHING_WENT_WRONG } from '../../../components/PasswordConfirmDialog';
import { offersUserDelete } from '../../../domain/forms';
import { useAccount } from '../../../lib/account';
import { deleteUser } from '../api/deleteUser';
import { useUsersOnAccount, useUsersOnOtherAccounts } from '../api/getUsers';
import { removeFromAccount } from '../api/removeFromAccount';
import { sendPasswordReset } from '../api/sendPasswordReset';
import type { UserRow } from '../api/types';
import { fullName, userColumns } from './userColumns';

export const USERS_PER_PAGE = 20;

type View = 'onaccount' | 'permitted' | 'other';

const VIEW_LABELS: Record<View, string> = {
  onaccount: 'On account',
  permitted: 'Permitted to access account',
  other: 'Other accounts',
};

type Pending =
  | { step: 'confirmDelete'; row: UserRow }
  | { step: 'password'; row: UserRow }
  | { step: 'confirmRemove'; row: UserRow };

const removeQuestion = (row: UserRow) =>
  `Are you sure you want to remove ${fullName(row)} from this account? Their access to other accounts is not affected.`;

const searchText = (row: UserRow) => `${fullName(row)} ${row.UserEmail} ${row.CustName}`;

export function UsersList({ title }: { title: string }) {
  const { account } = useAccount();
  const [view, setView] = useState<View>('onaccount');
  const [onAccount, reloadOnAccount] = useUsersOnAccount();
  const [otherWanted, setOtherWanted] = useState(false);
  const [other, reloadOther] = useUsersOnOtherAccounts(otherWanted);
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [removing, setRemoving] = useState(false);

  const current = view === 'other' ? other : onAccount;
  const accessToOtherAccounts = onAccount.status === 'ready' && onAccount.data.accessToOtherAccounts;
  const canEditUsers = current.status === 'ready' && current.data.canEditUsers;
  const addAllowed = onAccount.status === 'ready' && onAccount.data.canEditUsers;

  const rows = useMemo((): UserRow[] => {
    if (view === 'permitted') return onAccount.status === 'ready' ? onAccount.data.usersWithPermission ?? [] : [];
    return current.status === 'ready' ? current.data.users ?? [] : [];
  }, [current, onAccount, view]);

  async function onPasswordReset(row: UserRow) {
    setFailure(null);
    setNotice(null);
    try {
      const answer = await sendPasswordReset(row.UserID);
      if (answer?.success === true) setNotice(answer.message ?? `A password reset email has been sent to ${fullName(row)}`);
      else setFailure(SOMETHING_WENT_WRONG);
    } catch {
      setFailure(SOMETHING_WENT_WRONG);
    }
  }

  function reloadLists() {
    return Promise.all([reloadOnAccount(), otherWanted ? reloadOther() : Promise.resolve()]);
  }

  function begin(next: Pending) {
    setFailure(null);
    setNotice(null);
    setPending(next);
  }

  async function deleteWithKey(row: UserRow, key: string) {
    setPending(null);
    try {
      await deleteUser(row.DeleteUser, key);
      await reloadLists();
    } catch (error) {
      setFailure(error instanceof Error ? error.message : SOMETHING_WENT_WRONG);
    }
  }

  async function confirmRemoveFromAccount(row: UserRow) {
    setRemoving(true);
    try {
      await removeFromAccount(row.UserID);
      await reloadLists();
      setNotice(`${fullName(row)} has been removed from this account.`);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : SOMETHING_WENT_WRONG);
    }
    setRemoving(false);
    setPending(null);
  }

  const columns = useMemo(
    () =>
      userColumns({
        canEditUsers,
        onPasswordReset: (row) => void onPasswordReset(row),
        onDelete: (row) => begin({ step: 'confirmDelete', row }),
        offersDelete: (row) => offersUserDelete(account.userId, account.userAuthCode, row.UserID, row.UserAuthCode),
        onRemove: view === 'other' ? undefined : (row) => begin({ step: 'confirmRemove', row }),
      }),
    [canEditUsers, view, account.userId, account.userAuthCode],
  );

  const views: View[] = accessToOtherAccounts ? ['onaccount', 'permitted', 'other'] : ['onaccount', 'permitted'];

  return (
    <>
      <PageHeading title={title} />
      <div className="toggle-group" role="group" aria-label="Users to show">
        {views.map((v) => (
          <button
            key={v}
            type="button"
            className="toggle-button"
            aria-pressed={view === v}
            onClick={() => {
              setView(v);
              if (v === 'other') setOtherWanted(true);
            }}
          >
            {VIEW_LABELS[v]}
          </button>
        ))}
      </div>
      {failure && (
        <p role="alert" className="banner banner-error">
          {failure}
        </p>
      )}
      {notice && (
        <p role="status" className="banner banner-success">
          {notice}
        </p>
      )}
      {current.status === 'loading' && (
        <div className="section-loading" role="status" aria-live="polite">
          <span className="spinner" aria-hidden="true" />
          <span>Loading users…</span>
        </div>
      )}
      {current.status === 'failed' && (
        <p role="alert" className="banner banner-error">
          {SOMETHING_WENT_WRONG}
        </p>
      )}
      {current.status === 'ready' && (
        <div className="card">
          <DataTable
            key={view}
            label={VIEW_LABELS[view]}
            columns={columns}
            rows={rows}
            rowKey={(row) => `${row.UserID}-${row.CustName}`}
            pageSize={USERS_PER_PAGE}
            defaultSort={{ column: 'email', direction: 'asc' }}
            searchText={searchText}
            csvFileName={`${account.productName}_users_export.csv`}
            emptyText="No users found."
            storageKey="users"
            compact
            add={{
              label: 'Add User',
              to: '/users/0',
              // Adding a user needs the edit-users right too; group accounts manage their users.
              rule: { isAdministrator: addAllowed, isGroupAccount: account.isGroupAccount, showsForGroup: true },
            }}
          />
        </div>
      )}
      <DeleteConfirmDialog
        open={pending?.step === 'confirmDelete'}
        message={pending ? `Are you sure you want to delete ${fullName(pending.row)}?` : ''}
        onCancel={() => setPending(null)}
        onConfirm={() => pending && setPending({ step: 'password', row: pending.row })}
      />
      <PasswordConfirmDialog
        open={pending?.step === 'password'}
        title="Delete user"
        onCancel={() => setPending(null)}
        onConfirmed={(key) => pending && void deleteWithKey(pending.row, key)}
      />
      <DeleteConfirmDialog
        open={pending?.step === 'confirmRemove'}
        title="Remove from this account"
        confirmLabel="Remove"
        message={pending ? removeQuestion(pending.row) : ''}
        busy={removing}
        onCancel={() => setPending(null)}
        onConfirm={() => pending && void confirmRemoveFromAccount(pending.row)}
      />
    </>
  );
}

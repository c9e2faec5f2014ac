import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { DataTable } from '../../../components/DataTable';
import { DeleteConfirmDialog } from '../../../components/DeleteConfirmDialog';
import { PageHeading } from '../../../components/PageHeading';
import { SOMETHING_WENT_WRONG } from '../../../components/PasswordConfirmDialog';
import { useAccount } from '../../../lib/account';
import { deleteUser } from '../api/deleteUser';
import { useUsersOnAccount, useUsersOnOtherAccounts } from '../api/getUsers';
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

const searchText = (row: UserRow) => `${fullName(row)} ${row.UserEmail} ${row.CustName}`;

export function UsersList({ title }: { title: string }) {
  const { account } = useAccount();
  const [view, setView] = useState<View>('onaccount');
  const [onAccount, reloadOnAccount] = useUsersOnAccount();
  const [otherWanted, setOtherWanted] = useState(false);
  const [other, reloadOther] = useUsersOnOtherAccounts(otherWanted);
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<UserRow | null>(null);
  const [deleting, setDeleting] = useState(false);

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

  async function confirmDelete() {
    if (!toDelete) return;
    setFailure(null);
    setNotice(null);
    setDeleting(true);
    try {
      await deleteUser(toDelete.DeleteUser);
      await Promise.all([reloadOnAccount(), otherWanted ? reloadOther() : Promise.resolve()]);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : SOMETHING_WENT_WRONG);
    }
    setDeleting(false);
    setToDelete(null);
  }

  const columns = useMemo(
    () =>
      userColumns({
        canEditUsers,
        onPasswordReset: (row) => void onPasswordReset(row),
        onDelete: (row) => {
          setFailure(null);
          setNotice(null);
          setToDelete(row);
        },
      }),
    [canEditUsers],
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
            actions={
              addAllowed && (
                <Link className="button button-primary" to="/users/0">
                  Add User
                </Link>
              )
            }
          />
        </div>
      )}
      <DeleteConfirmDialog
        open={toDelete !== null}
        message={toDelete ? `Are you sure you want to delete ${fullName(toDelete)}?` : ''}
        busy={deleting}
        onCancel={() => setToDelete(null)}
        onConfirm={() => void confirmDelete()}
      />
    </>
  );
}

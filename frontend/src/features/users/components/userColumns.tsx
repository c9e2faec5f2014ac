import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Column } from '../../../components/DataTable';
import { Icon } from '../../../components/Icon';
import type { PermissionKey, UserRow } from '../api/types';

const PERMISSION_LABELS: [PermissionKey, string][] = [
  ['PERM_REPORTS', 'Reports'],
  ['PERM_BILLING', 'Billing'],
  ['PERM_SERVICES_ADMIN', 'Number/campaign admin'],
  ['PERM_USER_ADMIN', 'User admin'],
  ['PERM_PURCHASE', 'Can purchase'],
  ['PERM_VIEW_EDIT_USERS', 'View & edit users'],
  ['PERM_EDIT_API', 'Edit API'],
  ['PERM_OUTBOUND', 'Outbound'],
  ['PERM_ACCOUNTS', 'Accounts'],
  ['PERM_ADD_ACCOUNTS', 'Add accounts'],
  ['PERM_REWARDS', 'Rewards'],
  ['PERM_VOICEMAIL', 'Voicemail'],
];

export function fullName(row: Pick<UserRow, 'UserForename' | 'UserSurname'>): string {
  return `${row.UserForename} ${row.UserSurname}`.trim();
}

/** dd/mm/yyyy as a sortable yyyymmdd ('' sorts first). */
function sortableDate(date: string): string {
  const [day, month, year] = date.split('/');
  return year && month && day ? `${year}${month}${day}` : '';
}

/** An address wraps, when its column is narrow, after its @ rather than anywhere. */
function wrappableEmail(email: string): ReactNode {
  const at = email.indexOf('@');
  if (at < 0) return email;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}

const yesNo = (flag: string | boolean) => (flag === true || flag === '1' ? 'Yes' : 'No');

export interface RowActions {
  canEditUsers: boolean;
  onPasswordReset: (row: UserRow) => void;
  onDelete: (row: UserRow) => void;
  /** Whether Delete is offered on the row (the domain's rule: never the editor's own user). */
  offersDelete: (row: UserRow) => boolean;
  /** Offered for users whose identity is not the editor's, on the current account's lists only. */
  onRemove?: (row: UserRow) => void;
}

function RowAction({
  label,
  icon,
  danger = false,
  onClick,
}: {
  label: string;
  icon: string;
  danger?: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className={danger ? 'row-action row-action-danger' : 'row-action'}
      onClick={onClick}
      aria-label={label}
      title={label}
    >
      <Icon name={icon} size={20} />
    </button>
  );
}

export function userColumns({
  canEditUsers,
  onPasswordReset,
  onDelete,
  offersDelete,
  onRemove,
}: RowActions): Column<UserRow>[] {
  return [
    { id: 'forename', header: 'First name', cell: () => null, csvOnly: true, csv: (r) => r.UserForename },
    { id: 'surname', header: 'Last name', cell: () => null, csvOnly: true, csv: (r) => r.UserSurname },
    { id: 'name', header: 'Name', cell: fullName, sortValue: fullName },
    { id: 'email', header: 'Email', cell: (r) => wrappableEmail(r.UserEmail), sortValue: (r) => r.UserEmail, csv: (r) => r.UserEmail },
    { id: 'customer', header: 'Customer', cell: (r) => r.CustName, sortValue: (r) => r.CustName, csv: (r) => r.CustName },
    {
      id: 'authorisation',
      header: 'Authorisation',
      cell: (r) => r.Authorisation,
      sortValue: (r) => r.UserAuthCode,
      csv: (r) => r.Authorisation,
    },
    {
      id: 'accessed',
      header: 'Last accessed',
      cell: (r) => r.UserDateAccessed || 'Never',
      sortValue: (r) => sortableDate(r.UserDateAccessed),
      csv: (r) => r.UserDateAccessed,
    },
    { id: 'mfa', header: 'MFA', cell: (r) => yesNo(r.MFAEnabled), csv: (r) => yesNo(r.MFAEnabled) },
    {
      id: 'calls',
      header: 'Calls played (7 days)',
      cell: (r) => r.CallsPlayed7Days,
      sortValue: (r) => Number(r.CallsPlayed7Days) || 0,
      csv: (r) => r.CallsPlayed7Days,
    },
    {
      id: 'recording',
      header: 'Call recording',
      cell: (r) => yesNo(r.UserCallRecFlag),
      csv: (r) => yesNo(r.UserCallRecFlag),
    },
    {
      id: 'created',
      header: 'Created',
      cell: (r) => r.UserDateCreated,
      sortValue: (r) => sortableDate(r.UserDateCreated),
      csv: (r) => r.UserDateCreated,
    },
    ...PERMISSION_LABELS.map(
      ([key, label]): Column<UserRow> => ({
        id: key,
        header: label,
        cell: () => null,
        csvOnly: true,
        csv: (r) => yesNo(Boolean(r[key])),
      }),
    ),
    {
      id: 'actions',
      header: 'Actions',
      cell: (r) =>
        r.canManage ? (
          <div className="row-actions">
            {canEditUsers && (
              <Link className="row-action" to={`/users/${r.EditUser}`} aria-label="Edit" title="Edit">
                <Icon name="edit" size={20} />
              </Link>
            )}
            {r.identityEditable ? (
              <>
                <RowAction label="Send password reset" icon="email" onClick={() => onPasswordReset(r)} />
                {offersDelete(r) && <RowAction label="Delete" icon="delete" danger onClick={() => onDelete(r)} />}
              </>
            ) : (
              onRemove && (
                <RowAction label="Remove from this account" icon="remove-user" danger onClick={() => onRemove(r)} />
              )
            )}
          </div>
        ) : null,
    },
  ];
}

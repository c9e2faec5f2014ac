import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { AccountState } from '../../domain';
import { SnackbarProvider } from '../../components/Snackbar';
import { AccountProvider } from '../../lib/account';
import { account } from '../../test/fixtures';
import type { UserDetails, UserPermissions, UserRow } from './api/types';
import UsersSection from './index';

function Where() {
  const { pathname } = useLocation();
  return <output aria-label="location">{pathname}</output>;
}

/** The users section at `path`, as the app's routes mount it. */
export function renderUsers(path: string, acc: AccountState = account()) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <AccountProvider account={acc} setAccount={() => {}} reload={async () => {}}>
        <SnackbarProvider>
          <Routes>
            <Route path="/users" element={<UsersSection title="Users" />} />
            <Route path="/users/:id" element={<UsersSection title="User" />} />
          </Routes>
          <Where />
        </SnackbarProvider>
      </AccountProvider>
    </MemoryRouter>,
  );
  return userEvent.setup();
}

let nextId = 1;

export function userRow(overrides: Partial<UserRow> = {}): UserRow {
  const id = overrides.UserID ?? nextId++;
  return {
    UserID: id,
    UserForename: 'Uma',
    UserSurname: 'Upton',
    UserEmail: `user${id}@demo.test`,
    CustName: 'Harbour Lane Dental',
    Authorisation: 'User',
    UserAuthCode: 10,
    UserDateAccessed: '01/03/2025',
    MFAEnabled: '0',
    CallsPlayed7Days: 0,
    UserCallRecFlag: '0',
    UserDateCreated: '01/01/2025',
    EditUser: id,
    DeleteUser: id,
    canManage: true,
    identityEditable: true,
    PERM_REPORTS: true,
    PERM_BILLING: false,
    PERM_SERVICES_ADMIN: false,
    PERM_USER_ADMIN: false,
    PERM_PURCHASE: false,
    PERM_VIEW_EDIT_USERS: false,
    PERM_EDIT_API: false,
    PERM_OUTBOUND: false,
    PERM_ACCOUNTS: false,
    PERM_ADD_ACCOUNTS: false,
    PERM_REWARDS: false,
    PERM_VOICEMAIL: false,
    ...overrides,
  };
}

export function userDetails(
  user: Partial<UserDetails['user']> = {},
  context: Partial<UserDetails['context']> = {},
): UserDetails {
  return {
    user: {
      id: 0,
      forename: '',
      surname: '',
      name: '',
      email: '',
      userAuthCode: '10',
      provAuthCode: '0',
      customerID: '100',
      callRecFlag: '0',
      hasAccessToNewOutbound: false,
      hasOutboundAccess: false,
      outboundCampaignId: '',
      outboundNumber: '',
      cliRestricted: '0',
      newOutboundAutoDial: '0',
      outboundDaily: { enabled: true, checked: false },
      outboundWeekly: { enabled: true, checked: false },
      outboundMonthly: { enabled: false, checked: false },
      summaryDaily: { enabled: true, checked: false },
      summaryWeekly: { enabled: true, checked: true },
      summaryMonthly: { enabled: true, checked: false },
      ...user,
    },
    context: {
      customers: [
        { id: 100, name: 'Harbour Lane Dental' },
        { id: 101, name: 'Harbour Lane Orthodontics' },
      ],
      authCodes: [
        { value: 10, label: 'User' },
        { value: 20, label: 'Administrator' },
        { value: 25, label: 'Account Owner' },
      ],
      accountHasAuthCode: true,
      accountHasInboundRecording: true,
      editorCanAccessRecordings: true,
      isPartner: false,
      isGroupAccount: false,
      isTechPartnerReportsLogin: false,
      isSelf: false,
      editorAuthCode: 25,
      identityEditable: true,
      hasOtherAccounts: false,
      showsOutbound: true,
      ...context,
    },
  };
}

export function userPermissions(ticked: Record<string, boolean> = {}): UserPermissions {
  const row = (customerId: number, CustomerName: string) => ({
    customerId,
    CustomerName,
    HasCallAdvanceFeatures: false,
    PERM_REPORTS: ticked[`${customerId}:PERM_REPORTS`] ?? false,
    PERM_BILLING: ticked[`${customerId}:PERM_BILLING`] ?? false,
    PERM_USER_ADMIN: ticked[`${customerId}:PERM_USER_ADMIN`] ?? false,
  });
  return {
    columns: [
      { permission: 'PERM_REPORTS', label: 'Reports', editable: true },
      { permission: 'PERM_BILLING', label: 'Billing', editable: true },
      { permission: 'PERM_USER_ADMIN', label: 'User admin', editable: false },
    ],
    permissions: [row(100, 'Harbour Lane Dental'), row(101, 'Harbour Lane Orthodontics')],
    selectAll: { '100': false, '101': false },
  };
}

/** The fields of a multipart post. */
export function posted(init: RequestInit | undefined): Record<string, string> {
  return Object.fromEntries(Array.from((init?.body as FormData).entries(), ([k, v]) => [k, String(v)]));
}

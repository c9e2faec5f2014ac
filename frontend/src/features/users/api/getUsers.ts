import { apiGet } from '../../../lib/api';
import { useLoader } from '../../../lib/useLoader';
import type { UsersOnAccount, UsersOnOtherAccounts } from './types';

export function getUsersOnAccount(): Promise<UsersOnAccount> {
  return apiGet<UsersOnAccount>('users/getUsers/onaccount');
}

export function getUsersOnOtherAccounts(): Promise<UsersOnOtherAccounts> {
  return apiGet<UsersOnOtherAccounts>('users/getUsers/otheraccounts');
}

export function useUsersOnAccount() {
  return useLoader(getUsersOnAccount);
}

/** Fetched only once wanted (the 'Other accounts' view opened). */
export function useUsersOnOtherAccounts(wanted: boolean) {
  return useLoader(wanted ? getUsersOnOtherAccounts : null);
}

// partnerportal/getAccounts, partnerportal/addAccount and login/: the partner's accounts, a new
// one, and the way into one. Shared by the partner portal (/partner/accounts, Refer a client),
// the account menu's '+' and Billing > Accounts (/partneraccounts).
import { apiGet, apiPost } from '../../../lib/api';
import type { components } from '../../../lib/api-schema.gen';

type Schemas = components['schemas'];

export type ClientAccount = Schemas['ClientAccount'];
export type ClientAccounts = Schemas['ClientAccounts'];
export type AccountCreated = Schemas['AccountCreated'];
export type Programme = Schemas['Programme'];

export function getAccounts(): Promise<ClientAccounts> {
  return apiGet<ClientAccounts>('partnerportal/getAccounts');
}

export interface NewAccount {
  accountName: string;
  ownerFirstName: string;
  ownerLastName: string;
  ownerEmail: string;
}

export function addAccount(account: NewAccount, programme: Programme): Promise<AccountCreated> {
  return apiPost<AccountCreated>('partnerportal/addAccount', {
    accountName: account.accountName,
    form_first_name: account.ownerFirstName,
    form_last_name: account.ownerLastName,
    form_email: account.ownerEmail,
    programme,
  });
}

/** Moves the session into one of the partner's client accounts (the portal's 'Log in'). */
export function enterClientAccount(id: number): Promise<{ success: boolean }> {
  return apiPost('login/', { form_customer_id: id });
}

// The account state every rule of the shell, the pages and the forms is asked about: GET
// /api/accountsettings/getAccountDetails, declared from crates/domain/src/account.rs.
import type { AccountState } from './pkg-shell/domain_wasm.js';

export type { AccountChoice, AccountState } from './pkg-shell/domain_wasm.js';

/** Any subset of the account state: the domain fills missing fields with their defaults. */
export type AccountInput = Partial<AccountState>;

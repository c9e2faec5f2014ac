import { createContext, startTransition, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { AccountState } from '../domain';
import { apiGet, apiPost } from './api';
import type { components } from './api-schema.gen';

type Schemas = components['schemas'];

/** accountsettings/getAccountScopes: the package's and add-ons' scopes, after a purchase. */
export type AccountScopes = Schemas['AccountScopes'];

/** accountsettings/switchAccount: the account now in. */
export type Switched = Schemas['Switched'];

/** login/ (back to the partner portal): the account now in. */
export type Entered = Schemas['Entered'];

export type AccountLoad =
  | { status: 'loading' }
  | { status: 'ready'; account: AccountState }
  | { status: 'unauthorised' }
  | { status: 'failed' };

interface AccountContextValue {
  account: AccountState;
  /** Fetches the account details again (the auth check). */
  reload: () => Promise<void>;
  refreshScopes: () => Promise<void>;
  /**
   * Into another account. `then` (a navigation) is drawn with the new account: the page the user
   * was on is never guarded with the new account first, whose redirect would win over it.
   */
  switchAccount: (customerId: number, customerName: string, then?: () => void) => Promise<void>;
  /** From a client account back to the user's own partner account (the partner portal). */
  enterPartnerPortal: () => Promise<void>;
}

const AccountContext = createContext<AccountContextValue | null>(null);

function isEmptyAnswer(details: unknown): boolean {
  return (
    details === null ||
    typeof details !== 'object' ||
    Object.keys(details as object).length === 0
  );
}

/** The auth check: the account state, scopes included, or null when the answer is empty. */
export async function fetchAccount(): Promise<AccountState | null> {
  const details = await apiGet<AccountState | null>('accountsettings/getAccountDetails');
  return isEmptyAnswer(details) ? null : (details as AccountState);
}

export function useAccountLoader(): [AccountLoad, (load: AccountLoad) => void, () => Promise<void>] {
  const [load, setLoad] = useState<AccountLoad>({ status: 'loading' });
  const reload = useCallback(async () => {
    try {
      const account = await fetchAccount();
      setLoad(account ? { status: 'ready', account } : { status: 'unauthorised' });
    } catch {
      setLoad({ status: 'failed' });
    }
  }, []);
  useEffect(() => {
    void reload();
  }, [reload]);
  return [load, setLoad, reload];
}

export function AccountProvider({
  account,
  setAccount,
  reload,
  children,
}: {
  account: AccountState;
  setAccount: (account: AccountState) => void;
  reload: () => Promise<void>;
  children: ReactNode;
}) {
  const refreshScopes = useCallback(async () => {
    const scopes = await apiGet<AccountScopes>('accountsettings/getAccountScopes');
    setAccount({ ...account, ...scopes });
  }, [account, setAccount]);

  const switchAccount = useCallback(
    async (customerId: number, customerName: string, then?: () => void) => {
      await apiPost<Switched>('accountsettings/switchAccount', {
        form_partner_login: '0',
        form_customer_id: customerId,
        form_customer_name: customerName,
      });
      const next = then ? await fetchAccount().catch(() => null) : null;
      if (!next) {
        await reload();
        then?.();
        return;
      }
      // The router's location changes in a transition: the account changes in the same one.
      startTransition(() => {
        setAccount(next);
        then?.();
      });
    },
    [reload, setAccount],
  );

  const enterPartnerPortal = useCallback(async () => {
    await apiPost<Entered>('login/', { form_partner_login: '1' });
    await reload();
  }, [reload]);

  const value = useMemo(
    () => ({ account, reload, refreshScopes, switchAccount, enterPartnerPortal }),
    [account, reload, refreshScopes, switchAccount, enterPartnerPortal],
  );
  return <AccountContext.Provider value={value}>{children}</AccountContext.Provider>;
}

/** The account, or null outside an AccountProvider (the bare /unauthorised page). */
export function useOptionalAccount(): AccountState | null {
  return useContext(AccountContext)?.account ?? null;
}

export function useAccount(): AccountContextValue {
  const value = useContext(AccountContext);
  if (!value) throw new Error('useAccount needs an AccountProvider');
  return value;
}

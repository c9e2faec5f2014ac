import { lazy, Suspense, useId, useState } from 'react';
import type { AccountState } from '../../domain';
import { ApiError } from '../../lib/api';
import { Icon } from '../../components/Icon';
import { usePopover } from './hooks';
import type { AccountCreated } from '../../features/partner/accounts/api';
// The dialog's rules are the forms wasm module (a megabyte): fetched when a partner opens it,
// never with the first screen.
const AddAccountDialog = lazy(() => import('../../features/partner/accounts/AddAccountDialog').then((m) => ({ default: m.AddAccountDialog })));

export interface AccountMenuProps {
  account: AccountState;
  onSwitchAccount: (customerId: number, customerName: string) => Promise<void>;
  /** After the '+' created a client account (the partner portal's Add account dialog). */
  onAccountCreated?: (created: AccountCreated) => void;
}

export function AccountMenu({ account, onSwitchAccount, onAccountCreated }: AccountMenuProps) {
  const { open, setOpen, container } = usePopover();
  const panelId = useId();
  const selectId = useId();
  const [switching, setSwitching] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const accounts = account.accounts ?? [];
  const inPortal = account.isPartner || account.isTechPartner;

  async function choose(customerId: number) {
    const choice = accounts.find((a) => a.customerId === customerId);
    if (!choice || choice.customerId === account.customerId) return;
    setSwitching(true);
    setError(null);
    try {
      await onSwitchAccount(choice.customerId, choice.customerName);
      setOpen(false);
    } catch (failure) {
      setError(
        failure instanceof ApiError && failure.status === 404
          ? 'You do not have access to that account.'
          : 'Something went wrong. Please try again.',
      );
    } finally {
      setSwitching(false);
    }
  }

  return (
    <div className="popover-anchor" ref={container}>
      <button
        type="button"
        className="icon-button"
        aria-label="Account menu"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
      >
        <Icon name="account" />
      </button>
      {open && (
        <div id={panelId} className="popover account-menu" role="region" aria-label="Account menu">
          <p className="popover-heading">
            {account.userForename} {account.userSurname}
          </p>
          {accounts.length > 1 && (
            <div className="account-switch">
              <label htmlFor={selectId}>Account</label>
              <div className="account-switch-row">
                <select
                  id={selectId}
                  value={account.customerId}
                  disabled={switching}
                  onChange={(event) => void choose(Number(event.target.value))}
                >
                  {accounts.map((choice) => (
                    <option key={choice.customerId} value={choice.customerId}>
                      {choice.customerName}
                    </option>
                  ))}
                </select>
                {account.userCanCreatePartnerAccounts && (
                  <button
                    type="button"
                    className="icon-button"
                    aria-label="Create account"
                    onClick={() => {
                      setOpen(false);
                      setAdding(true);
                    }}
                  >
                    <Icon name="add" />
                  </button>
                )}
              </div>
              {error && (
                <p role="alert" className="field-error">
                  {error}
                </p>
              )}
            </div>
          )}
          {!inPortal && account.customerTimeZone && <p className="account-timezone">Time zone: {account.customerTimeZone}</p>}
          <form method="post" action="/logout" className="account-logout-form">
            <button type="submit" className="account-logout">
              Logout
            </button>
          </form>
        </div>
      )}
      {account.userCanCreatePartnerAccounts && adding && (
        <Suspense fallback={null}>
          <AddAccountDialog
          open={adding}
          programme="reseller"
          onClose={() => setAdding(false)}
          onCreated={(created) => {
            setAdding(false);
            onAccountCreated?.(created);
          }}
          />
        </Suspense>
      )}
    </div>
  );
}

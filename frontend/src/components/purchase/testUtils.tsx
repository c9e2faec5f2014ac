// Test helpers of the purchase modal and the pages that open it.
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';
import type { AccountState } from '../../domain';
import { AccountProvider } from '../../lib/account';
import { account } from '../../test/fixtures';
import type { AddonPrice, PriceItem } from './api';
import { PurchaseProvider, usePurchase } from './PurchaseContext';

export function item(price: number | null, overrides: Partial<PriceItem> = {}): PriceItem {
  return { price, billing_frequency: '1', minimum_charge: 0, minimum_charge_billing_frequency: '1', ...overrides };
}

export function addonPrice(overrides: Partial<AddonPrice> = {}): AddonPrice {
  return {
    name: 'Speech analytics',
    items: [item(25, { minimum_charge: 25 })],
    users: [],
    upgradePrice: null,
    isAvailable: true,
    requiresUpgrade: false,
    ...overrides,
  };
}

/** A Starter owner: the upgrade and its scopes are next. */
export function starterOwner(overrides: Partial<AccountState> = {}): AccountState {
  return account({
    packageName: 'Starter',
    packageScopes: ['routing_simple', 'billing_subscription'],
    addonScopes: ['outbound', 'report_voice_tags', 'upgrade'],
    nextPackageScopes: ['routing_ivr', 'integration_hubspot'],
    ...overrides,
  });
}

function Where() {
  const { pathname, search } = useLocation();
  return <output aria-label="location">{pathname + search}</output>;
}

function Opener({ scope }: { scope: string }) {
  const purchase = usePurchase();
  return (
    <button type="button" onClick={() => purchase.open(scope)}>
      Open {scope}
    </button>
  );
}

/** `ui` (or a button opening `scope`) inside the account and purchase providers, at `path`. */
export function renderPurchase(
  acc: AccountState,
  { scope, ui, path = '/' }: { scope?: string; ui?: ReactNode; path?: string } = {},
) {
  const refresh = { setAccount: vi.fn(), reload: vi.fn(async () => {}) };
  render(
    <MemoryRouter initialEntries={[path]}>
      <AccountProvider account={acc} setAccount={refresh.setAccount} reload={refresh.reload}>
        <PurchaseProvider>
          <Routes>
            <Route path="*" element={ui ?? <Opener scope={scope ?? 'upgrade'} />} />
          </Routes>
          <Where />
        </PurchaseProvider>
      </AccountProvider>
    </MemoryRouter>,
  );
  return { user: userEvent.setup(), ...refresh };
}

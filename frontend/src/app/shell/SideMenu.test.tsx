import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, test } from 'vitest';
import { buildMenu, resolveRoute, type AccountState } from '../../domain';
import { AccountProvider } from '../../lib/account';
import { account, jsonResponse, stubApi } from '../../test/fixtures';
import { PurchaseProvider } from '../../components/purchase/PurchaseContext';
import { SideMenu } from './SideMenu';
import { MENU_MINIMISED_KEY, useMinimisedMenu } from './hooks';

function Harness({ acc, path }: { acc: AccountState; path: string }) {
  const [minimised, setMinimised] = useMinimisedMenu();
  const resolution = resolveRoute(path, acc);
  return (
    <SideMenu
      menu={buildMenu(acc)}
      activeParent={resolution.menuParent}
      activePath={resolution.menuPath}
      minimised={minimised}
      onToggleMinimised={() => setMinimised(!minimised)}
      temporary={false}
      drawerOpen={false}
      onCloseDrawer={() => {}}
    />
  );
}

function renderMenu(acc: AccountState = account(), path = '/') {
  const result = render(
    <MemoryRouter initialEntries={[path]}>
      <AccountProvider account={acc} setAccount={() => {}} reload={async () => {}}>
        <PurchaseProvider>
          <Harness acc={acc} path={path} />
        </PurchaseProvider>
      </AccountProvider>
    </MemoryRouter>,
  );
  return { ...result, user: userEvent.setup() };
}

describe('SideMenu', () => {
  test('shows the Admin menu with its items as links', () => {
    renderMenu();
    const nav = screen.getByRole('navigation', { name: 'Admin' });
    expect(within(nav).getByRole('link', { name: 'Overview' })).toHaveAttribute('href', '/');
    expect(within(nav).getByRole('link', { name: 'Call routing' })).toHaveAttribute('href', '/routing');
    expect(within(nav).getByRole('link', { name: 'Return to reports' })).toHaveAttribute('href', '/reports');
  });

  test('titles the menu Partner for partner users', () => {
    renderMenu(account({ isPartner: true, canAccessPartnerAccounts: true, partnerResellerApprovedFlag: true }));
    const nav = screen.getByRole('navigation', { name: 'Partner' });
    expect(within(nav).getByRole('link', { name: 'Accounts' })).toHaveAttribute('href', '/partner/accounts');
  });

  test('parents expand to show their children', async () => {
    const { user } = renderMenu();
    const staticParent = screen.getByRole('button', { name: 'Static' });
    expect(staticParent).toHaveAttribute('aria-expanded', 'false');
    await user.click(staticParent);
    expect(staticParent).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'Numbers' })).toBeVisible();
  });

  test('marks the active parent, opened, and the active item', () => {
    renderMenu(account(), '/numbers/12');
    expect(screen.getByRole('button', { name: 'Static' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('button', { name: 'Static' })).toHaveClass('active');
    expect(screen.getByRole('link', { name: 'Numbers' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Campaigns' })).not.toHaveAttribute('aria-current');
  });

  test('items the package lacks carry an Upgrade or Add-on chip and open the purchase modal', async () => {
    const fetch = stubApi({
      '/api/services/getAddonPrice': () =>
        jsonResponse({
          name: 'Call categorisation',
          items: [{ price: 10, billing_frequency: '1', minimum_charge: 0, minimum_charge_billing_frequency: '1' }],
          users: [],
          upgradePrice: null,
          isAvailable: true,
          requiresUpgrade: false,
        }),
    });
    const { user } = renderMenu(account(), '/scores');
    const tags = screen.getByRole('button', { name: 'Tags Upgrade' });
    const categories = screen.getByRole('button', { name: 'Categories Add-on' });
    expect(screen.getByRole('link', { name: 'Scores' })).toBeInTheDocument();

    await user.click(categories);
    const addOn = await screen.findByRole('dialog', { name: 'Call categorisation' });
    expect(within(addOn).getByRole('button', { name: 'Add' })).toBeInTheDocument();
    const body = fetch.mock.calls[0][1]?.body as FormData;
    expect(body.get('scope')).toBe('admin_call_categorisation');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    // Tags needs Enterprise on Professional: the account manager arranges it.
    await user.click(tags);
    expect(await screen.findByRole('dialog')).toHaveTextContent('Please contact your account manager');
  });

  test('minimising is kept in localStorage and survives a new page', async () => {
    const { user, unmount } = renderMenu();
    expect(screen.getByRole('navigation')).toHaveAttribute('data-minimised', 'false');
    await user.click(screen.getByRole('button', { name: 'Minimise menu' }));
    expect(screen.getByRole('navigation')).toHaveAttribute('data-minimised', 'true');
    expect(localStorage.getItem(MENU_MINIMISED_KEY)).toBe('true');
    unmount();

    renderMenu();
    expect(screen.getByRole('navigation')).toHaveAttribute('data-minimised', 'true');
    expect(screen.getByRole('link', { name: 'Call routing' })).toBeInTheDocument();
    await screen.findByRole('button', { name: 'Expand menu' }).then((b) => user.click(b));
    expect(localStorage.getItem(MENU_MINIMISED_KEY)).toBe('false');
  });
});

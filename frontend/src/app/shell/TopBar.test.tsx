import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, test, vi } from 'vitest';
import type { AccountState } from '../../domain';
import { PhoneProvider } from '../../components/phone/PhoneProvider';
import { AGENT, CREDENTIALS, phoneLoaded } from '../../components/phone/phoneTestUtils';
import { AccountProvider } from '../../lib/account';
import { ApiError } from '../../lib/api';
import { account, jsonResponse, stubApi } from '../../test/fixtures';
import { TopBar } from './TopBar';

vi.mock('jssip', async () => {
  const fake = await import('../../components/phone/phoneTestUtils');
  return { UA: fake.FakeUA, WebSocketInterface: fake.FakeWebSocketInterface };
});

const TWO_ACCOUNTS = [
  { customerId: 100, customerName: 'Harbour Lane Dental' },
  { customerId: 101, customerName: 'Harbour Lane Orthodontics' },
];

function renderBar(acc: AccountState, props: Partial<Parameters<typeof TopBar>[0]> = {}) {
  const onSwitchAccount = vi.fn(async () => {});
  const onSwapReports = vi.fn(async () => {});
  render(
    <MemoryRouter>
      <TopBar
        account={acc}
        menuExpanded
        onToggleMenu={() => {}}
        onSwitchAccount={onSwitchAccount}
        onSwapReports={onSwapReports}
        {...props}
      />
    </MemoryRouter>,
  );
  return { onSwitchAccount, onSwapReports, user: userEvent.setup() };
}

describe('TopBar', () => {
  test('shows the logo, linking to the manage home', () => {
    renderBar(account({ logoUrl: '/logos/100.png' }));
    const logo = screen.getByRole('img', { name: 'Harbour Lane Dental' });
    expect(logo).toHaveAttribute('src', '/logos/100.png');
    expect(screen.getByRole('link', { name: 'Harbour Lane Dental' })).toHaveAttribute('href', '/');
    // The bar names the account beside an image too (said once to a screen reader: the image).
    expect(screen.getByText('Harbour Lane Dental', { selector: '.top-bar-customer' })).toHaveAttribute('aria-hidden', 'true');
  });

  test('falls back to the customer name when the logo fails to load', () => {
    renderBar(account({ logoUrl: '/logos/missing.png' }));
    fireEvent.error(screen.getByRole('img', { name: 'Harbour Lane Dental' }));
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Harbour Lane Dental' })).toHaveTextContent('Harbour Lane Dental');
  });

  test('shows the customer name as text when there is no logo', () => {
    renderBar(account({ logoUrl: null }));
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Harbour Lane Dental' })).toBeInTheDocument();
  });

  test('the reports switch is only for system managers', async () => {
    renderBar(account({ isSystemManager: false }));
    expect(screen.queryByRole('switch', { name: 'New reports' })).not.toBeInTheDocument();
  });

  test('a system manager flips the reports version', async () => {
    const { onSwapReports, user } = renderBar(account({ isSystemManager: true, showReports2023: true }));
    const reportsSwitch = screen.getByRole('switch', { name: 'New reports' });
    expect(reportsSwitch).toBeChecked();
    await user.click(reportsSwitch);
    expect(onSwapReports).toHaveBeenCalledTimes(1);
  });

  test('the default reports swap calls the server and reloads', async () => {
    const fetch = vi.fn(async () => new Response('{"value":true}', { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    const reload = vi.fn();
    const { swapReportVersion } = await import('./api');
    await swapReportVersion(reload);
    expect(fetch).toHaveBeenCalledWith('/api/users/swapReportVersionFromAdminArea', expect.anything());
    expect(reload).toHaveBeenCalledTimes(1);
  });

  test('portal icons follow the partner flags', () => {
    renderBar(account({ isPartner: true, isUserOnPartner: true, isTechPartner: true }));
    expect(screen.getByRole('link', { name: 'Partner portal' })).toHaveAttribute('href', '/partner');
    expect(screen.getByRole('link', { name: 'Technology partner portal' })).toHaveAttribute('href', '/technologypartner');
  });

  test('a partner in a client account goes back to the portal through the account switch', async () => {
    const onEnterPartnerPortal = vi.fn(async () => {});
    const { user } = renderBar(account({ isUserOnPartner: true }), { onEnterPartnerPortal });
    await user.click(screen.getByRole('button', { name: 'Partner portal' }));
    expect(onEnterPartnerPortal).toHaveBeenCalledTimes(1);
  });

  test('no portal icons for an ordinary customer user', () => {
    renderBar(account());
    expect(screen.queryByRole('link', { name: 'Partner portal' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Partner portal' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Technology partner portal' })).not.toBeInTheDocument();
  });

  test('no chat icon where chat is not offered; where it is, the icon opens the chat and the contact page', async () => {
    renderBar(account());
    expect(screen.queryByRole('button', { name: 'Chat' })).not.toBeInTheDocument();
    cleanup();
    const { user } = renderBar(account({ liveChatUrl: 'https://chat.example/calltrack' }));
    await user.click(await screen.findByRole('button', { name: 'Chat' }));
    const panel = screen.getByRole('region', { name: 'Chat' });
    expect(within(panel).getByRole('link', { name: 'Open live chat' })).toHaveAttribute('href', 'https://chat.example/calltrack');
    expect(within(panel).getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contactus');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Chat' })).not.toBeInTheDocument();
  });

  test('the account menu of a single-account customer user', async () => {
    const { user } = renderBar(account());
    // The bar names the account beside its logo.
    expect(screen.getByText('Harbour Lane Dental', { selector: '.top-bar-logo-text, .top-bar-customer' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    const menu = screen.getByRole('region', { name: 'Account menu' });
    expect(menu).toHaveTextContent('Olivia Owen');
    expect(menu).toHaveTextContent('Time zone: Europe/London');
    expect(within(menu).queryByRole('combobox')).not.toBeInTheDocument();
    const logout = within(menu).getByRole('button', { name: 'Logout' });
    expect(logout.closest('form')).toHaveAttribute('method', 'post');
    expect(logout.closest('form')).toHaveAttribute('action', '/logout');
  });

  test('partners see no time zone', async () => {
    const { user } = renderBar(account({ isPartner: true }));
    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    expect(screen.getByRole('region', { name: 'Account menu' })).not.toHaveTextContent('Time zone');
  });

  test('a multi-account user sees the customer name beside the logo image and switches account', async () => {
    const { onSwitchAccount, user } = renderBar(
      account({ accounts: TWO_ACCOUNTS, userCanCreatePartnerAccounts: true, logoUrl: '/logos/100.png' }),
    );
    expect(screen.getByText('Harbour Lane Dental', { selector: '.top-bar-logo-text, .top-bar-customer' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    const menu = screen.getByRole('region', { name: 'Account menu' });
    expect(within(menu).getByRole('button', { name: 'Create account' })).toBeInTheDocument();
    await user.selectOptions(within(menu).getByRole('combobox', { name: 'Account' }), 'Harbour Lane Orthodontics');
    expect(onSwitchAccount).toHaveBeenCalledWith(101, 'Harbour Lane Orthodontics');
  });

  test('the top bar names the company once, logo image or not', () => {
    const names = () => within(screen.getByRole('banner')).getAllByText('Harbour Lane Dental');
    renderBar(account({ accounts: TWO_ACCOUNTS, logoUrl: null }));
    expect(names()).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Harbour Lane Dental' })).toBeInTheDocument();
    cleanup();
    renderBar(account({ accounts: TWO_ACCOUNTS, logoUrl: '/logos/missing.png' }));
    fireEvent.error(screen.getByRole('img', { name: 'Harbour Lane Dental' }));
    expect(names()).toHaveLength(1);
  });

  test("the '+' opens the partner portal's Add account dialog, checked by the same rules, and creates the account", async () => {
    const fetch = stubApi({
      '/api/partnerportal/addAccount': () =>
        jsonResponse({ success: true, message: 'Customer was created.', id: 603, name: 'Hillside Motors', invited: null }),
    });
    const onAccountCreated = vi.fn();
    const { user } = renderBar(account({ isPartner: true, accounts: TWO_ACCOUNTS, userCanCreatePartnerAccounts: true }), {
      onAccountCreated,
    });
    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    // Fetched on demand (its rules are the forms module), so it is waited for.
    const dialog = await screen.findByRole('dialog', { name: 'Add account' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Account' }), 'Hillside Motors!');
    await user.click(within(dialog).getByRole('button', { name: 'Create account' }));
    expect(dialog).toHaveTextContent('Invalid characters found.');
    expect(fetch).not.toHaveBeenCalled();
    await user.clear(within(dialog).getByRole('textbox', { name: 'Account' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Account' }), 'Hillside Motors');
    await user.click(within(dialog).getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(onAccountCreated).toHaveBeenCalledWith(expect.objectContaining({ id: 603 })));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  test('no create-account button without the right', async () => {
    const { user } = renderBar(account({ accounts: TWO_ACCOUNTS }));
    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    expect(screen.queryByRole('button', { name: 'Create account' })).not.toBeInTheDocument();
  });

  test('a refused account switch is reported', async () => {
    const onSwitchAccount = vi.fn(async () => {
      throw new ApiError(404, { success: false });
    });
    const { user } = renderBar(account({ accounts: TWO_ACCOUNTS }), { onSwitchAccount });
    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Account' }), '101');
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('You do not have access to that account.'));
  });
});

describe('the top bar’s phone', () => {
  function renderWithPhone(acc: AccountState) {
    render(
      <MemoryRouter>
        <AccountProvider account={acc} setAccount={() => {}} reload={async () => {}}>
          <PhoneProvider>
            <TopBar account={acc} menuExpanded onToggleMenu={() => {}} onSwitchAccount={async () => {}} />
          </PhoneProvider>
        </AccountProvider>
      </MemoryRouter>,
    );
    return userEvent.setup();
  }

  test('an agent who may call out opens the phone to type a number', async () => {
    stubApi({ '/api/phone/open': () => jsonResponse(CREDENTIALS) });
    const user = renderWithPhone(AGENT);
    await user.click(await screen.findByRole('button', { name: 'Phone' }));
    const phone = await screen.findByRole('region', { name: 'Phone' });
    expect(await within(phone).findByLabelText('Number to call')).toHaveValue('');
  });

  test('nobody else sees it', async () => {
    renderWithPhone(account());
    await phoneLoaded();
    expect(screen.queryByRole('button', { name: 'Phone' })).not.toBeInTheDocument();
  });
});

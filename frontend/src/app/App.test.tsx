import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, test } from 'vitest';
import type { AccountState } from '../domain';
import { loginUrl } from '../lib/api';
import { account, jsonResponse, stubApi } from '../test/fixtures';
import { App } from './App';

function Where() {
  const { pathname, search } = useLocation();
  return <output aria-label="location">{pathname + search}</output>;
}

function renderApp(path: string, details: AccountState | string) {
  const fetch = stubApi({
    '/api/accountsettings/getAccountDetails': () =>
      typeof details === 'string' ? new Response(details, { status: 200 }) : jsonResponse(details),
    '/api/accountsettings/switchAccount': () => jsonResponse({ success: true, customerId: 101 }),
  });
  render(
    <MemoryRouter initialEntries={[path]}>
      <App />
      <Where />
    </MemoryRouter>,
  );
  return { fetch, user: userEvent.setup() };
}

const location = () => screen.getByRole('status', { name: 'location' });

describe('App', () => {
  // The routing section is a large lazy chunk: its first import in jsdom can take over a second.
  test('loads the account, then shows the shell and the page with its title', async () => {
    const { fetch } = renderApp('/routing', account());
    expect(await screen.findByRole('heading', { level: 1, name: 'Call routing' }, { timeout: 10_000 })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Calltrack - Call routing'));
    const nav = screen.getByRole('navigation', { name: 'Admin' });
    expect(within(nav).getByRole('link', { name: 'Call routing' })).toHaveAttribute('aria-current', 'page');
    const [, init] = fetch.mock.calls[0];
    expect(new Headers(init?.headers).get('X-Admin-Area')).toBe('1');
    expect(init?.credentials).toBe('same-origin');
  });

  test('an unknown path shows home in place', async () => {
    renderApp('/no/such/page', account());
    expect(await screen.findByRole('heading', { level: 1, name: 'Integrate' })).toBeInTheDocument();
    expect(location()).toHaveTextContent(/^\/no\/such\/page$/);
  });

  test('a page without its add-on lands on My subscription asked to offer that add-on', async () => {
    renderApp('/apisettings', account({ addonScopes: ['integration_api'] }));
    await waitFor(() => expect(location()).toHaveTextContent(/^\/subscription\?scope=integration_api$/), { timeout: 10_000 });
  });

  test('partners are kept in their portal', async () => {
    renderApp(
      '/routing',
      account({ isPartner: true, canAccessPartnerAccounts: true, partnerResellerApprovedFlag: true }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Accounts' })).toBeInTheDocument();
    expect(location()).toHaveTextContent('/partner/accounts');
    expect(screen.getByRole('navigation', { name: 'Partner' })).toBeInTheDocument();
  });

  test("the shell shows the partner's favicon as the page's icon", async () => {
    renderApp(
      '/partner/accounts',
      account({ isPartner: true, canAccessPartnerAccounts: true, faviconUrl: '/logos/600-favicon.png?v=3' }),
    );
    await screen.findByRole('navigation', { name: 'Partner' });
    // The icon is set by an effect after the shell renders: wait for it.
    await waitFor(() =>
      expect(document.querySelector('link[rel="icon"]')).toHaveAttribute('href', '/logos/600-favicon.png?v=3'),
    );
  });

  test('an empty account answer goes to the unauthorised page', async () => {
    renderApp('/routing', '');
    expect(await screen.findByRole('heading', { level: 1, name: 'Unauthorised' })).toBeInTheDocument();
    await waitFor(() => expect(location()).toHaveTextContent('/unauthorised'));
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  test.each(['/users', '/billing/details', '/invoices'])(
    'a user without the permission typing %s reaches the unauthorised page saying why and whom to ask',
    async (path) => {
      const user = account({
        userId: 7,
        userForename: 'Uma',
        userSurname: 'Upton',
        userAuthCode: 10,
        isAdministrator: false,
        isUserAdmin: false,
        hasBilling: false,
        canAccessBilling: false,
        packageScopes: [...account().packageScopes, 'admin_view_invoices'],
      });
      renderApp(path, user);
      expect(await screen.findByRole('heading', { level: 1, name: 'Unauthorised' }, { timeout: 10_000 })).toBeInTheDocument();
      await waitFor(() => expect(location()).toHaveTextContent('/unauthorised'));
      const notice = screen.getByRole('region', { name: 'Why you cannot open this page' });
      const permission = path === '/users' ? 'User admin' : 'Billing';
      const title = { '/users': 'Users', '/billing/details': 'Billing details', '/invoices': 'Invoices' }[path];
      expect(notice).toHaveTextContent(`You cannot open ${title} because your user does not have the ${permission} permission.`);
      expect(notice).toHaveTextContent('Ask Olivia Owen, the account owner, to give you access.');
      expect(within(notice).getByRole('link', { name: 'Back to the overview' })).toHaveAttribute('href', '/');
    },
  );

  test('switching account posts the choice, reloads the account and goes home', async () => {
    const accounts = [
      { customerId: 100, customerName: 'Harbour Lane Dental' },
      { customerId: 101, customerName: 'Harbour Lane Orthodontics' },
    ];
    const { fetch, user } = renderApp('/routing', account({ accounts }));
    await screen.findByRole('heading', { level: 1, name: 'Call routing' }, { timeout: 10_000 });
    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Account' }), 'Harbour Lane Orthodontics');

    expect(await screen.findByRole('heading', { level: 1, name: 'Integrate' })).toBeInTheDocument();
    const post = fetch.mock.calls.find(([url]) => url === '/api/accountsettings/switchAccount');
    const form = post?.[1]?.body as FormData;
    expect(post?.[1]?.method).toBe('POST');
    expect(Object.fromEntries(form.entries())).toEqual({
      form_partner_login: '0',
      form_customer_id: '101',
      form_customer_name: 'Harbour Lane Orthodontics',
    });
    const detailCalls = fetch.mock.calls.filter(([url]) => url === '/api/accountsettings/getAccountDetails');
    expect(detailCalls.length).toBeGreaterThanOrEqual(2);
  });

  test('the login address returns to the current page', () => {
    expect(loginUrl({ pathname: '/manage/routing', search: '?tab=2' })).toBe('/login?return=%2Fmanage%2Frouting%3Ftab%3D2');
  });
});

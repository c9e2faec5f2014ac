import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, onTestFinished, test, vi } from 'vitest';
import { account, jsonResponse, stubApi } from '../../../test/fixtures';
import type { UserRow } from '../api/types';
import { renderUsers, userRow } from '../test-utils';

function onAccount(users: UserRow[], extra: Record<string, unknown> = {}) {
  return jsonResponse({
    users,
    usersWithPermission: [],
    accountOwnersQty: 1,
    accessToOtherAccounts: false,
    canEditUsers: true,
    ...extra,
  });
}

const nina = () =>
  userRow({ UserID: 42, UserForename: 'Nina', UserSurname: 'Okafor', UserEmail: 'nina.okafor@example.test' });
const olivia = () =>
  userRow({
    UserID: 1,
    UserForename: 'Olivia',
    UserSurname: 'Owen',
    UserEmail: 'owner@demo.test',
    Authorisation: 'Account Owner',
    UserAuthCode: 25,
  });

/** jsdom has no object URLs: capture the exported blob instead. */
function stubObjectUrls(onBlob: (blob: Blob) => void) {
  const urls = URL as unknown as Record<string, unknown>;
  urls.createObjectURL = (blob: Blob) => {
    onBlob(blob);
    return 'blob:csv';
  };
  urls.revokeObjectURL = () => {};
  onTestFinished(() => {
    delete urls.createObjectURL;
    delete urls.revokeObjectURL;
  });
}

const table = (name = 'On account') => screen.findByRole('table', { name });
const bodyRows = (t: HTMLElement) => within(t).getAllByRole('row').slice(1);

describe('Users list', () => {
  test('shows the users on the account sorted by email, with the record count', async () => {
    stubApi({ '/api/users/getUsers/onaccount': () => onAccount([olivia(), nina()]) });
    renderUsers('/users');
    expect(screen.getByText('Loading users…')).toBeInTheDocument();
    const t = await table();
    const rows = bodyRows(t);
    expect(rows[0]).toHaveTextContent('nina.okafor@example.test');
    expect(rows[1]).toHaveTextContent('owner@demo.test');
    expect(screen.getByText('2 record(s)')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Users' })).toBeInTheDocument();
    expect(within(t).getByRole('columnheader', { name: /Email/ })).toHaveAttribute('aria-sort', 'ascending');
  });

  test('switches between the views; Other accounts only with access and fetched when opened', async () => {
    const other = userRow({ UserForename: 'Erin', UserSurname: 'Ellis', CustName: 'Quayside Legal' });
    const permitted = userRow({ UserForename: 'Priya', UserSurname: 'Patel' });
    const fetch = stubApi({
      '/api/users/getUsers/onaccount': () =>
        onAccount([nina()], { usersWithPermission: [permitted], accessToOtherAccounts: true }),
      '/api/users/getUsers/otheraccounts': () =>
        jsonResponse({ users: [other], accessToOtherAccounts: true, canEditUsers: true }),
    });
    const user = renderUsers('/users');
    await table();
    expect(screen.getByRole('button', { name: 'On account', pressed: true })).toBeInTheDocument();
    expect(fetch.mock.calls.some(([url]) => url === '/api/users/getUsers/otheraccounts')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Permitted to access account' }));
    expect(await table('Permitted to access account')).toHaveTextContent('Priya Patel');

    await user.click(screen.getByRole('button', { name: 'Other accounts' }));
    const t = await table('Other accounts');
    expect(t).toHaveTextContent('Erin Ellis');
    expect(t).toHaveTextContent('Quayside Legal');
  });

  test('without access to other accounts there is no Other accounts view', async () => {
    stubApi({ '/api/users/getUsers/onaccount': () => onAccount([nina()]) });
    renderUsers('/users');
    await table();
    const views = screen.getByRole('group', { name: 'Users to show' });
    expect(within(views).getAllByRole('button').map((b) => b.textContent)).toEqual([
      'On account',
      'Permitted to access account',
    ]);
  });

  test('search filters by name, email and customer', async () => {
    const users = [
      nina(),
      userRow({ UserForename: 'Adam', UserSurname: 'Ashworth', UserEmail: 'admin@demo.test' }),
      userRow({ UserForename: 'Len', UserSurname: 'Lacey', UserEmail: 'len@demo.test', CustName: 'Quayside Legal' }),
    ];
    stubApi({ '/api/users/getUsers/onaccount': () => onAccount(users) });
    const user = renderUsers('/users');
    const t = await table();
    const search = screen.getByRole('searchbox', { name: 'Search' });

    await user.type(search, 'nina okafor');
    expect(bodyRows(t)).toHaveLength(1);
    expect(bodyRows(t)[0]).toHaveTextContent('Nina Okafor');
    expect(screen.getByText('1 record(s)')).toBeInTheDocument();

    await user.clear(search);
    await user.type(search, 'ADMIN@');
    expect(bodyRows(t)[0]).toHaveTextContent('Adam Ashworth');

    await user.clear(search);
    await user.type(search, 'quayside');
    expect(bodyRows(t)[0]).toHaveTextContent('Len Lacey');

    await user.type(search, 'nobody');
    expect(bodyRows(t)[0]).toHaveTextContent('No users found.');
    expect(screen.getByText('0 record(s)')).toBeInTheDocument();
  });

  test('shows 20 rows a page', async () => {
    const users = Array.from({ length: 45 }, (_, i) =>
      userRow({ UserEmail: `u${String(i).padStart(2, '0')}@demo.test` }),
    );
    stubApi({ '/api/users/getUsers/onaccount': () => onAccount(users) });
    const user = renderUsers('/users');
    const t = await table();
    expect(bodyRows(t)).toHaveLength(20);
    expect(bodyRows(t)[0]).toHaveTextContent('u00@demo.test');
    expect(screen.getByText('45 record(s)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(bodyRows(t)[0]).toHaveTextContent('u20@demo.test');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(bodyRows(t)).toHaveLength(5);
    expect(screen.getByText('Page 3 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
  });

  test('exports the current view as a quoted CSV named after the product', async () => {
    const quoted = userRow({ UserForename: 'Jo "JJ"', UserSurname: 'Smith, Jr', UserEmail: 'jo@demo.test' });
    stubApi({ '/api/users/getUsers/onaccount': () => onAccount([nina(), quoted]) });
    let blob: Blob | null = null;
    stubObjectUrls((b) => (blob = b));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const user = renderUsers('/users', account({ productName: 'Calltrack' }));
    await table();

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(click).toHaveBeenCalledTimes(1);
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('Calltrack_users_export.csv');
    const text = await blob!.text();
    const lines = text.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toMatch(/^"First name","Last name","Email","Customer","Authorisation"/);
    expect(lines[1]).toMatch(/^"Jo ""JJ""","Smith, Jr","jo@demo.test","Harbour Lane Dental"/);
    expect(lines[2]).toContain('"nina.okafor@example.test"');
  });

  test('Add User and Edit need the edit-users right', async () => {
    stubApi({ '/api/users/getUsers/onaccount': () => onAccount([nina()], { canEditUsers: false }) });
    renderUsers('/users');
    const t = await table();
    expect(screen.queryByRole('link', { name: 'Add User' })).not.toBeInTheDocument();
    expect(within(t).queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
    expect(within(t).getByRole('button', { name: 'Send password reset' })).toBeInTheDocument();
  });

  test('with the edit-users right, Add User goes to /users/0 and Edit to the user', async () => {
    stubApi({ '/api/users/getUsers/onaccount': () => onAccount([nina()]) });
    renderUsers('/users');
    const t = await table();
    expect(screen.getByRole('link', { name: 'Add User' })).toHaveAttribute('href', '/users/0');
    expect(within(t).getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/users/42');
  });

  test('rows the user may not manage have no actions', async () => {
    stubApi({ '/api/users/getUsers/onaccount': () => onAccount([{ ...olivia(), canManage: false }]) });
    renderUsers('/users');
    const t = await table();
    expect(within(t).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(within(t).queryByRole('button', { name: 'Send password reset' })).not.toBeInTheDocument();
    expect(within(t).queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
  });

  test('sends a password reset and shows the message', async () => {
    const fetch = stubApi({
      '/api/users/getUsers/onaccount': () => onAccount([nina()]),
      '/api/users/sendPasswordReset/42': () =>
        jsonResponse({ success: true, message: 'A password reset email has been sent to Nina Okafor' }),
    });
    const user = renderUsers('/users');
    const t = await table();
    await user.click(within(t).getByRole('button', { name: 'Send password reset' }));
    expect(await screen.findByText('A password reset email has been sent to Nina Okafor')).toHaveRole('status');
    const call = fetch.mock.calls.find(([url]) => url === '/api/users/sendPasswordReset/42');
    expect(call?.[1]?.method).toBe('POST');
  });

  test('delete asks for confirmation naming the user, deletes and reloads the list', async () => {
    let users = [olivia(), nina()];
    const fetch = stubApi({
      '/api/users/getUsers/onaccount': () => onAccount(users),
      '/api/users/deleteUser/42': () => {
        users = [olivia()];
        return jsonResponse({ success: true });
      },
    });
    const user = renderUsers('/users');
    const t = await table();
    const row = within(t).getByRole('row', { name: /Nina Okafor/ });
    await user.click(within(row).getByRole('button', { name: 'Delete' }));

    const dialog = screen.getByRole('dialog', { name: 'Are you sure?' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete Nina Okafor?');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(t).not.toHaveTextContent('Nina Okafor'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(fetch.mock.calls.filter(([url]) => url === '/api/users/getUsers/onaccount')).toHaveLength(2);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  test('Cancel keeps the user', async () => {
    const fetch = stubApi({ '/api/users/getUsers/onaccount': () => onAccount([nina()]) });
    const user = renderUsers('/users');
    const t = await table();
    await user.click(within(t).getByRole('button', { name: 'Delete' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(fetch.mock.calls.some(([url]) => String(url).includes('deleteUser'))).toBe(false);
  });

  test('a refused delete shows the refusal in the banner', async () => {
    stubApi({
      '/api/users/getUsers/onaccount': () => onAccount([olivia()]),
      '/api/users/deleteUser/1': () =>
        jsonResponse(
          {
            success: false,
            code: 'VALIDATION_FAILED',
            errors: { user: 'You cannot delete your current user' },
            message: 'You cannot delete your current user',
          },
          422,
        ),
    });
    const user = renderUsers('/users');
    const t = await table();
    await user.click(within(t).getByRole('button', { name: 'Delete' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You cannot delete your current user');
    expect(t).toHaveTextContent('Olivia Owen');
  });

  test('a delete answered with success false shows the generic message', async () => {
    stubApi({
      '/api/users/getUsers/onaccount': () => onAccount([nina()]),
      '/api/users/deleteUser/42': () => jsonResponse({ success: false }),
    });
    const user = renderUsers('/users');
    const t = await table();
    await user.click(within(t).getByRole('button', { name: 'Delete' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong. Please try again.');
  });

  test('a failed load shows the banner', async () => {
    stubApi({ '/api/users/getUsers/onaccount': () => jsonResponse({ success: false, code: 'FORBIDDEN' }, 403) });
    renderUsers('/users');
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong. Please try again.');
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, onTestFinished, test, vi } from 'vitest';
import { account, jsonResponse, stubApi } from '../../../test/fixtures';
import type { UserRow } from '../api/types';
import { posted, renderUsers, userRow } from '../test-utils';

const CONFIRM = '/api/handleajax/confirmPassword';

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

const quinn = () =>
  userRow({
    UserID: 77,
    UserForename: 'Quinn',
    UserSurname: 'Reyes',
    UserEmail: 'quinn.reyes@example.test',
    identityEditable: false,
  });

const table = (name = 'On account') => screen.findByRole('table', { name });
const bodyRows = (t: HTMLElement) => within(t).getAllByRole('row').slice(1);
const calls = (fetch: ReturnType<typeof stubApi>, url: string) => fetch.mock.calls.filter(([u]) => u === url);

async function confirmDelete(user: ReturnType<typeof renderUsers>, t: HTMLElement, password = 'demopass') {
  await user.click(within(t).getByRole('button', { name: 'Delete' }));
  await user.click(within(screen.getByRole('dialog', { name: 'Are you sure?' })).getByRole('button', { name: 'Delete' }));
  const dialog = screen.getByRole('dialog', { name: 'Delete user' });
  await user.type(within(dialog).getByLabelText('Password'), password);
  await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
}

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

  test('delete asks for confirmation naming the user, then the password, and posts the key', async () => {
    let users = [olivia(), nina()];
    const fetch = stubApi({
      '/api/users/getUsers/onaccount': () => onAccount(users),
      [CONFIRM]: () => jsonResponse({ status: 1, key: 'key-123' }),
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
    const password = screen.getByRole('dialog', { name: 'Delete user' });
    expect(calls(fetch, '/api/users/deleteUser/42')).toHaveLength(0);
    await user.type(within(password).getByLabelText('Password'), 'demopass');
    await user.click(within(password).getByRole('button', { name: 'Confirm' }));

    await waitFor(() => expect(t).not.toHaveTextContent('Nina Okafor'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(posted(calls(fetch, CONFIRM)[0][1])).toEqual({ form_password: 'demopass' });
    expect(posted(calls(fetch, '/api/users/deleteUser/42')[0][1])).toEqual({ key: 'key-123' });
    expect(calls(fetch, '/api/users/getUsers/onaccount')).toHaveLength(2);
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

  test('cancelling the password deletes nothing', async () => {
    const fetch = stubApi({ '/api/users/getUsers/onaccount': () => onAccount([nina()]) });
    const user = renderUsers('/users');
    const t = await table();
    await user.click(within(t).getByRole('button', { name: 'Delete' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Delete user' })).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls(fetch, CONFIRM)).toHaveLength(0);
    expect(fetch.mock.calls.some(([url]) => String(url).includes('deleteUser'))).toBe(false);
    expect(t).toHaveTextContent('Nina Okafor');
  });

  test('a wrong password keeps the password dialog open and deletes nothing', async () => {
    const fetch = stubApi({
      '/api/users/getUsers/onaccount': () => onAccount([nina()]),
      [CONFIRM]: () => jsonResponse({ status: 0, data: { form_password: 'The password is incorrect.' } }),
    });
    const user = renderUsers('/users');
    await confirmDelete(user, await table(), 'wrong');
    const dialog = screen.getByRole('dialog', { name: 'Delete user' });
    expect(await within(dialog).findByText('The password is incorrect.')).toBeInTheDocument();
    expect(fetch.mock.calls.some(([url]) => String(url).includes('deleteUser'))).toBe(false);
  });

  test('your own row offers no Delete: the server would refuse it', async () => {
    stubApi({ '/api/users/getUsers/onaccount': () => onAccount([olivia(), nina()]) });
    renderUsers('/users');
    const t = await table();
    const own = within(t).getByRole('row', { name: /Olivia Owen/ });
    expect(within(own).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(within(own).getByRole('button', { name: 'Send password reset' })).toBeInTheDocument();
    const other = within(t).getByRole('row', { name: /Nina Okafor/ });
    expect(within(other).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
  });

  test('a row above your level offers no Delete', async () => {
    const administrator = { ...account(), userId: 9, userAuthCode: 20 };
    stubApi({ '/api/users/getUsers/onaccount': () => onAccount([olivia(), nina()]) });
    renderUsers('/users', administrator);
    const t = await table();
    const owner = within(t).getByRole('row', { name: /Olivia Owen/ });
    expect(within(owner).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    const other = within(t).getByRole('row', { name: /Nina Okafor/ });
    expect(within(other).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
  });

  test('a refused delete shows the refusal in the banner', async () => {
    const otherOwner = { ...olivia(), UserID: 5, DeleteUser: 5, EditUser: 5 };
    stubApi({
      '/api/users/getUsers/onaccount': () => onAccount([otherOwner]),
      [CONFIRM]: () => jsonResponse({ status: 1, key: 'key-1' }),
      '/api/users/deleteUser/5': () =>
        jsonResponse(
          {
            success: false,
            code: 'VALIDATION_FAILED',
            errors: { user: 'You cannot delete the last account owner on a customer' },
            message: 'You cannot delete the last account owner on a customer',
          },
          422,
        ),
    });
    const user = renderUsers('/users');
    const t = await table();
    await confirmDelete(user, t);
    expect(await screen.findByRole('alert')).toHaveTextContent('You cannot delete the last account owner on a customer');
    expect(t).toHaveTextContent('Olivia Owen');
  });

  test('a delete answered with success false shows the generic message', async () => {
    stubApi({
      '/api/users/getUsers/onaccount': () => onAccount([nina()]),
      [CONFIRM]: () => jsonResponse({ status: 1, key: 'key-1' }),
      '/api/users/deleteUser/42': () => jsonResponse({ success: false }),
    });
    const user = renderUsers('/users');
    await confirmDelete(user, await table());
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong. Please try again.');
  });

  describe('a user who also has accounts the editor does not manage', () => {
    test('is offered Remove from this account, not Delete or a password reset', async () => {
      stubApi({ '/api/users/getUsers/onaccount': () => onAccount([quinn()]) });
      renderUsers('/users');
      const t = await table();
      expect(within(t).getByRole('button', { name: 'Remove from this account' })).toBeInTheDocument();
      expect(within(t).getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/users/77');
      expect(within(t).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
      expect(within(t).queryByRole('button', { name: 'Send password reset' })).not.toBeInTheDocument();
    });

    test('can be removed from the list of users permitted to access this account too', async () => {
      stubApi({ '/api/users/getUsers/onaccount': () => onAccount([], { usersWithPermission: [quinn()] }) });
      const user = renderUsers('/users');
      await table();
      await user.click(screen.getByRole('button', { name: 'Permitted to access account' }));
      const t = await table('Permitted to access account');
      expect(t).toHaveTextContent('Quinn Reyes');
      expect(within(t).getByRole('button', { name: 'Remove from this account' })).toBeInTheDocument();
      expect(within(t).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    });

    test('remove asks for confirmation, removes the access and reloads the list', async () => {
      let users = [nina(), quinn()];
      const fetch = stubApi({
        '/api/users/getUsers/onaccount': () => onAccount(users),
        '/api/users/removeFromAccount/77': () => {
          users = [nina()];
          return jsonResponse({ success: true });
        },
      });
      const user = renderUsers('/users');
      const t = await table();
      await user.click(within(t).getByRole('button', { name: 'Remove from this account' }));

      const dialog = screen.getByRole('dialog', { name: 'Remove from this account' });
      expect(dialog).toHaveTextContent(
        'Are you sure you want to remove Quinn Reyes from this account? Their access to other accounts is not affected.',
      );
      await user.click(within(dialog).getByRole('button', { name: 'Remove' }));

      expect(await screen.findByText('Quinn Reyes has been removed from this account.')).toHaveRole('status');
      expect(t).not.toHaveTextContent('Quinn Reyes');
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      const [call] = calls(fetch, '/api/users/removeFromAccount/77');
      expect(call[1]?.method).toBe('POST');
      expect(posted(call[1])).toEqual({});
      expect(calls(fetch, '/api/users/getUsers/onaccount')).toHaveLength(2);
      expect(fetch.mock.calls.some(([url]) => String(url).includes('deleteUser'))).toBe(false);
    });

    test('Cancel keeps their access', async () => {
      const fetch = stubApi({ '/api/users/getUsers/onaccount': () => onAccount([quinn()]) });
      const user = renderUsers('/users');
      const t = await table();
      await user.click(within(t).getByRole('button', { name: 'Remove from this account' }));
      await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(calls(fetch, '/api/users/removeFromAccount/77')).toHaveLength(0);
    });

    test('a refused remove shows the refusal in the banner', async () => {
      const refusal = 'You cannot remove the last account owner on a customer';
      stubApi({
        '/api/users/getUsers/onaccount': () => onAccount([quinn()]),
        '/api/users/removeFromAccount/77': () =>
          jsonResponse({ success: false, code: 'VALIDATION_FAILED', errors: { user: refusal }, message: refusal }, 422),
      });
      const user = renderUsers('/users');
      const t = await table();
      await user.click(within(t).getByRole('button', { name: 'Remove from this account' }));
      await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(refusal);
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(t).toHaveTextContent('Quinn Reyes');
    });
  });

  test('a failed load shows the banner', async () => {
    stubApi({ '/api/users/getUsers/onaccount': () => jsonResponse({ success: false, code: 'FORBIDDEN' }, 403) });
    renderUsers('/users');
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong. Please try again.');
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { jsonResponse, stubApi } from '../../../test/fixtures';
import type { UserDetails } from '../api/types';
import { posted, renderUsers, userDetails, userPermissions } from '../test-utils';

const PHONE_EMAIL = 'contact us at 0161 496 0000 or via email at clientservices@calltrack.example.';
const NEW_GRID = '/api/users/getUserPermissions/0/10/0';
const NINA = userDetails({
  id: 42,
  forename: 'Nina',
  surname: 'Okafor',
  name: 'nina',
  email: 'nina.okafor@example.test',
});
const NINA_GRID = '/api/users/getUserPermissions/42/10/1';
const QUINN = userDetails(
  {
    id: 77,
    forename: 'Quinn',
    surname: 'Reyes',
    name: 'quinn',
    email: 'quinn.reyes@example.test',
    customerID: '',
    callRecFlag: '1',
    hasAccessToNewOutbound: true,
    outboundNumber: '01614960001',
  },
  { identityEditable: false, hasOtherAccounts: true },
);
const NOT_YOURS =
  'This user also has access to accounts you do not manage, so you can change only their access to your accounts.';
const SERVICE = {
  serviceId: 7,
  price: 12.5,
  billingFrequency: '1',
  minimumTerm: 12,
  productCode: 'OUTBOUND_USER',
  existingCustomerService: false,
  serviceType: 'outbound',
};
const CAMPAIGNS = {
  status: 1,
  campaigns: [{ name: 'Spring recall', val: '3' }],
  outboundDailyEnabled: true,
  outboundWeeklyEnabled: false,
  outboundMonthlyEnabled: true,
  user: { customerSettings: { name: 'Harbour Lane Dental', unique: 'HLD' } },
};

type Answers = Parameters<typeof stubApi>[0];

function setup(path: string, details: UserDetails, answers: Answers = {}, grid = userPermissions()) {
  const id = String(details.user.id);
  const gridUrl = `/api/users/getUserPermissions/${id}/${details.user.userAuthCode}/${id === '0' ? '0' : '1'}`;
  const fetch = stubApi({
    [`/api/users/getUserDetails/${id}`]: () => jsonResponse(details),
    [gridUrl]: () => jsonResponse(grid),
    '/api/outboundcampaigns/getAll/': () => jsonResponse(CAMPAIGNS),
    ...answers,
  });
  const user = renderUsers(path);
  return { fetch, user };
}

const calls = (fetch: ReturnType<typeof stubApi>, url: string) => fetch.mock.calls.filter(([u]) => u === url);
const field = (name: string) => screen.getByLabelText(name);
const location = () => screen.getByRole('status', { name: 'location' });

async function fillNewUser(user: ReturnType<typeof renderUsers>) {
  await user.type(await screen.findByLabelText('First name'), 'Nina');
  await user.type(field('Last name'), 'Okafor');
  await user.type(field('Email'), 'nina.okafor@example.test');
}

describe('User form', () => {
  test('shows the main details of a new user with the choices the server gives', async () => {
    setup('/users/0', userDetails());
    expect(await screen.findByRole('form', { name: 'Add user' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Main details' })).toBeInTheDocument();
    const codes = within(screen.getByRole('combobox', { name: 'Authority code' })).getAllByRole('option');
    expect(codes.map((o) => o.textContent)).toEqual(['Select an authority code', 'User', 'Administrator', 'Account Owner']);
    expect(screen.getByRole('combobox', { name: 'Authority code' })).toHaveValue('10');
    expect(screen.getByRole('combobox', { name: 'Customer' })).toHaveValue('100');
    const provisioning = screen.getByRole('combobox', { name: 'Provisioning' });
    expect(within(provisioning).getAllByRole('option').map((o) => [o.textContent, (o as HTMLOptionElement).value])).toEqual([
      ['Read Only', '0'],
      ['Read & Write', '2'],
    ]);
    expect(screen.getByRole('checkbox', { name: 'Call recording access' })).toBeEnabled();
    expect(screen.getByRole('heading', { level: 2, name: 'Outbound' })).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'Permissions' })).toBeInTheDocument();
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
    expect(field('Email')).not.toHaveAttribute('readonly');
  });

  test('the authority code is hidden without auth codes, and call recording needs both rights', async () => {
    setup('/users/0', userDetails({}, { accountHasAuthCode: false, editorCanAccessRecordings: false }));
    await screen.findByLabelText('First name');
    expect(screen.queryByRole('combobox', { name: 'Authority code' })).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Call recording access' })).toBeDisabled();
  });

  test('validates as the user types, with the domain messages', async () => {
    const { user } = setup('/users/0', userDetails());
    const first = await screen.findByLabelText('First name');
    expect(screen.queryByText('First name is required.')).not.toBeInTheDocument();

    await user.type(first, 'A'.repeat(21));
    expect(screen.getByText('First name cannot exceed 20 characters.')).toBeInTheDocument();
    expect(first).toHaveAttribute('aria-invalid', 'true');
    await user.clear(first);
    expect(screen.getByText('First name is required.')).toBeInTheDocument();

    await user.type(field('Email'), 'nina@');
    expect(screen.getByText('Must be a valid email.')).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Customer' }), '');
    expect(screen.getByText('Customer is required.')).toBeInTheDocument();
  });

  test('Save with an empty form shows every message and posts nothing', async () => {
    const { fetch, user } = setup('/users/0', userDetails());
    await screen.findByLabelText('First name');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('First name is required.')).toBeInTheDocument();
    expect(screen.getByText('Last name is required.')).toBeInTheDocument();
    expect(screen.getByText('Email is required.')).toBeInTheDocument();
    await waitFor(() => expect(field('First name')).toHaveFocus());
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  test('saves a new user with the grid, checks the new email, and returns to /users', async () => {
    const { fetch, user } = setup('/users/0', userDetails(), {
      '/api/users/checkUniqueEmail/': () => jsonResponse({ success: true }),
      '/api/users/save/0': () => jsonResponse({ success: true, id: 43 }),
      '/api/users/getUsers/onaccount': () =>
        jsonResponse({ users: [], usersWithPermission: [], accountOwnersQty: 1, accessToOtherAccounts: false, canEditUsers: true }),
    });
    await fillNewUser(user);
    await user.click(await screen.findByRole('checkbox', { name: 'Reports for Harbour Lane Dental' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(location()).toHaveTextContent(/^\/users$/));
    expect(await screen.findByText(/^User Nina .* added\.$/)).toBeInTheDocument();
    expect(posted(calls(fetch, '/api/users/checkUniqueEmail/')[0][1])).toEqual({
      form_email: 'nina.okafor@example.test',
      userId: '0',
    });
    const fields = posted(calls(fetch, '/api/users/save/0')[0][1]);
    expect(fields).toMatchObject({
      form_first_name: 'Nina',
      form_last_name: 'Okafor',
      form_email: 'nina.okafor@example.test',
      form_auth_code: '10',
      form_provisioning: '0',
      form_recordings: '0',
      form_customer: '100',
      hasAccessToNewOutbound: '0',
      userId: '0',
    });
    expect(fields).not.toHaveProperty('form_include_outbound_permission');
    expect(fields).not.toHaveProperty('form_user_permissions');
    expect(JSON.parse(fields.form_permission)).toEqual([
      { customerId: 100, PERM_REPORTS: true, PERM_BILLING: false, PERM_USER_ADMIN: false },
      { customerId: 101, PERM_REPORTS: false, PERM_BILLING: false, PERM_USER_ADMIN: false },
    ]);
    expect(JSON.parse(fields.form_permission_all)).toEqual({ '100': false, '101': false });
  });

  test('a taken email shows the message on the email field and does not save', async () => {
    const { fetch, user } = setup('/users/0', userDetails(), {
      '/api/users/checkUniqueEmail/': () =>
        jsonResponse(
          { success: false, code: 'VALIDATION_FAILED', errors: { form_email: 'This email is already in use.' } },
          422,
        ),
    });
    await fillNewUser(user);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This email is already in use.')).toBeInTheDocument();
    expect(field('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(calls(fetch, '/api/users/save/0')).toHaveLength(0);
    await user.type(field('Email'), 'x');
    expect(screen.queryByText('This email is already in use.')).not.toBeInTheDocument();
  });

  test('an unchanged email is not checked again', async () => {
    const { fetch, user } = setup('/users/42', NINA, {
      '/api/users/save/42': () => jsonResponse({ success: true, id: 42 }),
    });
    expect(await screen.findByRole('form', { name: 'Edit user' })).toBeInTheDocument();
    expect(field('First name')).toHaveValue('Nina');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls(fetch, '/api/users/save/42')).toHaveLength(1));
    expect(calls(fetch, '/api/users/checkUniqueEmail/')).toHaveLength(0);
    expect(calls(fetch, NINA_GRID)).toHaveLength(1);
  });

  test('a changed email of an existing user is checked with the user id', async () => {
    const { fetch, user } = setup('/users/42', NINA, {
      '/api/users/checkUniqueEmail/': () => jsonResponse({ success: true }),
      '/api/users/save/42': () => jsonResponse({ success: true, id: 42 }),
    });
    const email = await screen.findByLabelText('Email');
    await user.clear(email);
    await user.type(email, 'nina@example.test');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls(fetch, '/api/users/save/42')).toHaveLength(1));
    expect(posted(calls(fetch, '/api/users/checkUniqueEmail/')[0][1])).toEqual({
      form_email: 'nina@example.test',
      userId: '42',
    });
  });

  test('a 422 from save maps errors onto the fields and the rest into the banner', async () => {
    const { user } = setup('/users/42', NINA, {
      '/api/users/save/42': () =>
        jsonResponse(
          {
            success: false,
            code: 'VALIDATION_FAILED',
            errors: { form_last_name: 'Last name is not allowed.', form_permission: 'Choose at least one customer.' },
          },
          422,
        ),
    });
    await screen.findByLabelText('First name');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Last name is not allowed.')).toBeInTheDocument();
    expect(field('Last name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('Choose at least one customer.');
    expect(location()).toHaveTextContent('/users/42');
  });

  test('any other save failure shows the contact message', async () => {
    const { user } = setup('/users/42', NINA, {
      '/api/users/save/42': () => new Response('oops', { status: 500 }),
    });
    await screen.findByLabelText('First name');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(`Something went wrong please ${PHONE_EMAIL}`);
  });

  test('Cancel goes back to /users', async () => {
    const { user } = setup('/users/42', NINA, {
      '/api/users/getUsers/onaccount': () =>
        jsonResponse({ users: [], usersWithPermission: [], accountOwnersQty: 1, accessToOtherAccounts: false, canEditUsers: true }),
    });
    await screen.findByLabelText('First name');
    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    expect(location()).toHaveTextContent(/^\/users$/);
  });

  test('a user that cannot be loaded sends the browser back to /users', async () => {
    stubApi({
      '/api/users/getUserDetails/99': () => jsonResponse({ success: false, code: 'NOT_FOUND' }, 404),
      '/api/users/getUsers/onaccount': () =>
        jsonResponse({ users: [], usersWithPermission: [], accountOwnersQty: 1, accessToOtherAccounts: false, canEditUsers: true }),
    });
    renderUsers('/users/99');
    await waitFor(() => expect(location()).toHaveTextContent(/^\/users$/));
  });

  describe('permissions grid', () => {
    test('select-all ticks every editable column of its row; others stay disabled', async () => {
      const { user } = setup('/users/0', userDetails());
      const grid = await screen.findByRole('table', { name: 'Permissions' });
      const all = within(grid).getByRole('checkbox', { name: 'Select all for Harbour Lane Dental' });
      expect(within(grid).getByRole('checkbox', { name: 'User admin for Harbour Lane Dental' })).toBeDisabled();

      await user.click(all);
      expect(all).toBeChecked();
      expect(within(grid).getByRole('checkbox', { name: 'Reports for Harbour Lane Dental' })).toBeChecked();
      expect(within(grid).getByRole('checkbox', { name: 'Billing for Harbour Lane Dental' })).toBeChecked();
      expect(within(grid).getByRole('checkbox', { name: 'User admin for Harbour Lane Dental' })).not.toBeChecked();
      expect(within(grid).getByRole('checkbox', { name: 'Reports for Harbour Lane Orthodontics' })).not.toBeChecked();

      await user.click(within(grid).getByRole('checkbox', { name: 'Billing for Harbour Lane Dental' }));
      expect(all).not.toBeChecked();
      await user.click(within(grid).getByRole('checkbox', { name: 'Billing for Harbour Lane Dental' }));
      expect(all).toBeChecked();
    });

    test('a new authority code fetches the grid for that level', async () => {
      const { fetch, user } = setup('/users/0', userDetails(), {
        '/api/users/getUserPermissions/0/20/0': () => jsonResponse(userPermissions({ '100:PERM_BILLING': true })),
      });
      await screen.findByRole('table', { name: 'Permissions' });
      await user.selectOptions(screen.getByRole('combobox', { name: 'Authority code' }), '20');
      await waitFor(() =>
        expect(screen.getByRole('checkbox', { name: 'Billing for Harbour Lane Dental' })).toBeChecked(),
      );
      expect(calls(fetch, NEW_GRID)).toHaveLength(1);
    });

    test('partners get the partner permissions and no outbound section', async () => {
      const partnerGrid = {
        columns: [
          { permission: 'PERM_BILLING', label: 'Billing', editable: true },
          { permission: 'PERM_ACCOUNTS', label: 'Accounts', editable: true },
        ],
        permissions: [{ customerId: 600, CustomerName: 'Northgate Partners', PERM_BILLING: false, PERM_ACCOUNTS: true }],
      };
      const { fetch, user } = setup('/users/0', userDetails({}, { isPartner: true, showsOutbound: false }), {
        '/api/users/getPartnerUserPermissions/0/0': () => jsonResponse(partnerGrid),
        '/api/users/checkUniqueEmail/': () => jsonResponse({ success: true }),
        '/api/users/save/0': () => jsonResponse({ success: true, id: 50 }),
      });
      const grid = await screen.findByRole('table', { name: 'Partner permissions' });
      expect(screen.queryByRole('heading', { name: 'Outbound' })).not.toBeInTheDocument();
      await user.click(within(grid).getByRole('checkbox', { name: 'Billing for Northgate Partners' }));
      await fillNewUser(user);
      await user.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(calls(fetch, '/api/users/save/0')).toHaveLength(1));
      const fields = posted(calls(fetch, '/api/users/save/0')[0][1]);
      expect(JSON.parse(fields.form_user_permissions)).toEqual(['PERM_BILLING', 'PERM_ACCOUNTS']);
    });

    test('group accounts and tech-partner report logins have no outbound section', async () => {
      setup('/users/0', userDetails({}, { isGroupAccount: true, showsOutbound: false }));
      await screen.findByLabelText('First name');
      expect(screen.queryByRole('heading', { name: 'Outbound' })).not.toBeInTheDocument();
    });
  });

  describe('outbound', () => {
    const withReports = userPermissions({ '100:PERM_REPORTS': true });

    test('turning it on for an existing user shows the price and terms, then sets the service', async () => {
      const { fetch, user } = setup(
        '/users/42',
        NINA,
        {
          '/api/users/getOutboundService': () => jsonResponse({ status: 1, data: SERVICE }),
          '/api/users/setOutboundService': () => jsonResponse({ success: true }),
        },
        withReports,
      );
      await screen.findByRole('table', { name: 'Permissions' });
      const toggle = screen.getByRole('switch', { name: 'Outbound access' });
      await user.click(toggle);

      const dialog = await screen.findByRole('dialog', { name: 'Outbound access' });
      expect(await within(dialog).findByText(/Outbound costs/)).toHaveTextContent('Outbound costs £12.5 per user per month.');
      expect(dialog).toHaveTextContent('Minimum term: 12 months.');
      expect(dialog).toHaveTextContent('Please accept the terms and conditions.');
      expect(within(dialog).getByRole('link', { name: 'Read the terms and conditions' })).toHaveAttribute(
        'href',
        '/conditions',
      );
      const save = within(dialog).getByRole('button', { name: 'Save' });
      expect(save).toBeDisabled();
      await user.click(within(dialog).getByRole('checkbox', { name: 'I accept the terms and conditions' }));
      await user.click(save);

      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(toggle).toBeChecked();
      expect(posted(calls(fetch, '/api/users/setOutboundService')[0][1])).toEqual({
        serviceId: '7',
        form_include_outbound_permission: '1',
        existingCustomerService: '0',
        productCode: 'OUTBOUND_USER',
        serviceType: 'outbound',
        price: '12.5',
        billingFrequency: '1',
        minimumTerm: '12',
        acceptTerms: '1',
        userId: '42',
      });
      expect(await screen.findByRole('combobox', { name: 'Campaign' })).toBeInTheDocument();
      expect(screen.getByRole('checkbox', { name: 'Weekly report email' })).toBeDisabled();
      expect(screen.getByRole('checkbox', { name: 'Daily report email' })).toBeEnabled();
    });

    test('a failed setOutboundService keeps the dialog open with the contact message', async () => {
      const { user } = setup(
        '/users/42',
        NINA,
        {
          '/api/users/getOutboundService': () => jsonResponse({ status: 1, data: SERVICE }),
          '/api/users/setOutboundService': () => jsonResponse({ success: false }),
        },
        withReports,
      );
      await screen.findByRole('table', { name: 'Permissions' });
      await user.click(screen.getByRole('switch', { name: 'Outbound access' }));
      const dialog = await screen.findByRole('dialog', { name: 'Outbound access' });
      await user.click(await within(dialog).findByRole('checkbox', { name: 'I accept the terms and conditions' }));
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(`Something went wrong please ${PHONE_EMAIL}`);
      expect(screen.getByRole('switch', { name: 'Outbound access' })).not.toBeChecked();
    });

    test('a refused setOutboundService says the server\'s reason (the offer changed)', async () => {
      const reason = 'The outbound service on offer has changed since this page was opened. Reload the page to see it.';
      const { user } = setup(
        '/users/42',
        NINA,
        {
          '/api/users/getOutboundService': () => jsonResponse({ status: 1, data: SERVICE }),
          '/api/users/setOutboundService': () =>
            jsonResponse({ success: false, code: 'VALIDATION_FAILED', errors: { serviceId: reason } }, 422),
        },
        withReports,
      );
      await screen.findByRole('table', { name: 'Permissions' });
      await user.click(screen.getByRole('switch', { name: 'Outbound access' }));
      const dialog = await screen.findByRole('dialog', { name: 'Outbound access' });
      await user.click(await within(dialog).findByRole('checkbox', { name: 'I accept the terms and conditions' }));
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(reason);
      expect(screen.getByRole('switch', { name: 'Outbound access' })).not.toBeChecked();
    });

    test('an existing user without permissions cannot get outbound', async () => {
      const { fetch, user } = setup('/users/42', NINA);
      await screen.findByRole('table', { name: 'Permissions' });
      await user.click(screen.getByRole('switch', { name: 'Outbound access' }));
      expect(
        screen.getByText(
          'The user you selected does not have any permissions set up. Please configure their permissions to be able to enable Outbound.',
        ),
      ).toBeInTheDocument();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(calls(fetch, '/api/users/getOutboundService')).toHaveLength(0);
    });

    test('an account without outbound is told to get in touch', async () => {
      const { user } = setup('/users/0', userDetails(), {
        '/api/users/getOutboundService': () => jsonResponse({ status: 0 }),
      });
      await screen.findByLabelText('First name');
      await user.click(screen.getByRole('switch', { name: 'Outbound access' }));
      const dialog = await screen.findByRole('dialog', { name: 'Outbound access' });
      expect(await within(dialog).findByText(/You currently do not have Outbound/)).toHaveTextContent(
        `You currently do not have Outbound. To set it up please ${PHONE_EMAIL}`,
      );
      await user.click(within(dialog).getByRole('button', { name: 'Close' }));
      expect(screen.getByRole('switch', { name: 'Outbound access' })).not.toBeChecked();
    });

    test('turning it off is not self-service', async () => {
      const { user } = setup('/users/42', userDetails({ ...NINA.user, hasAccessToNewOutbound: true }));
      const toggle = await screen.findByRole('switch', { name: 'Outbound access' });
      expect(toggle).toBeChecked();
      await user.click(toggle);
      const dialog = screen.getByRole('dialog', { name: 'Turn off Outbound' });
      expect(dialog).toHaveTextContent(`To turn off Outbound, please ${PHONE_EMAIL}`);
      await user.click(within(dialog).getByRole('button', { name: 'Close' }));
      expect(toggle).toBeChecked();
    });

    test('for a new user the flag is set locally and the service goes with the save', async () => {
      const { fetch, user } = setup('/users/0', userDetails(), {
        '/api/users/getOutboundService': () => jsonResponse({ status: 1, data: SERVICE }),
        '/api/users/checkUniqueEmail/': () => jsonResponse({ success: true }),
        '/api/users/save/0': () => jsonResponse({ success: true, id: 43 }),
      });
      await fillNewUser(user);
      await user.click(screen.getByRole('switch', { name: 'Outbound access' }));
      const dialog = await screen.findByRole('dialog', { name: 'Outbound access' });
      await user.click(await within(dialog).findByRole('checkbox', { name: 'I accept the terms and conditions' }));
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      expect(screen.getByRole('switch', { name: 'Outbound access' })).toBeChecked();
      expect(calls(fetch, '/api/users/setOutboundService')).toHaveLength(0);

      await user.selectOptions(await screen.findByRole('combobox', { name: 'Campaign' }), 'Spring recall');
      await user.type(screen.getByLabelText('Outbound number'), '0161');
      expect(screen.getByText('Phone number must be at least 11 digits in length.')).toBeInTheDocument();
      await user.type(screen.getByLabelText('Outbound number'), '4960000');
      await user.click(screen.getByRole('checkbox', { name: 'Daily report email' }));
      await user.click(screen.getByRole('checkbox', { name: 'CLI restricted' }));
      await user.click(screen.getByRole('button', { name: 'Save' }));

      await waitFor(() => expect(calls(fetch, '/api/users/save/0')).toHaveLength(1));
      const fields = posted(calls(fetch, '/api/users/save/0')[0][1]);
      expect(fields).toMatchObject({
        hasAccessToNewOutbound: '1',
        form_include_outbound_permission: '1',
        serviceId: '7',
        acceptTerms: '1',
        productCode: 'OUTBOUND_USER',
        price: '12.5',
        form_outbound_campaign: '3',
        form_user_outbound_number: '01614960000',
        form_customer_restrict_cli: '1',
        form_new_outbound_auto_dial: '0',
        form_email_daily: '1',
      });
      expect(fields).not.toHaveProperty('form_email_weekly');
    });

    test('a campaign can be added and is chosen', async () => {
      const { fetch, user } = setup('/users/42', userDetails({ ...NINA.user, hasAccessToNewOutbound: true }), {
        '/api/outboundcampaigns/addCampaign': () => jsonResponse({ campaign: { name: 'Summer', value: 9 } }),
      });
      const select = await screen.findByRole('combobox', { name: 'Campaign' });
      await user.click(screen.getByRole('button', { name: 'Add campaign' }));
      const dialog = screen.getByRole('dialog', { name: 'Add campaign' });
      await user.type(within(dialog).getByLabelText('Campaign name'), 'Summer{Enter}');
      await waitFor(() => expect(select).toHaveValue('9'));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(await screen.findByText("Outbound campaign 'Summer' added and chosen.")).toBeInTheDocument();
      expect(posted(calls(fetch, '/api/outboundcampaigns/addCampaign')[0][1])).toEqual({
        outboundCampaignName: 'Summer',
      });
    });

    test('a failed campaign add shows the contact message', async () => {
      const { user } = setup('/users/42', userDetails({ ...NINA.user, hasAccessToNewOutbound: true }), {
        '/api/outboundcampaigns/addCampaign': () => new Response('', { status: 500 }),
      });
      await screen.findByRole('combobox', { name: 'Campaign' });
      await user.click(screen.getByRole('button', { name: 'Add campaign' }));
      const dialog = screen.getByRole('dialog', { name: 'Add campaign' });
      await user.type(within(dialog).getByLabelText('Campaign name'), 'Summer{Enter}');
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(`Something went wrong please ${PHONE_EMAIL}`);
    });
  });

  describe('a user who also has accounts the editor does not manage', () => {
    test('shows their identity and outbound settings read-only, under a note', async () => {
      const { user } = setup('/users/77', QUINN);
      const first = await screen.findByLabelText('First name');
      expect(screen.getByRole('note')).toHaveTextContent(NOT_YOURS);
      for (const name of ['First name', 'Last name', 'Email']) expect(field(name)).toHaveAttribute('readonly');
      await user.type(first, 'x');
      expect(first).toHaveValue('Quinn');
      expect(field('Email')).toHaveValue('quinn.reyes@example.test');
      expect(screen.getByRole('combobox', { name: 'Customer' })).toBeDisabled();
      expect(screen.getByRole('checkbox', { name: 'Call recording access' })).toBeDisabled();
      expect(screen.getByRole('checkbox', { name: 'Call recording access' })).toBeChecked();

      expect(screen.getByRole('switch', { name: 'Outbound access' })).toBeDisabled();
      expect(await screen.findByRole('combobox', { name: 'Campaign' })).toBeDisabled();
      expect(screen.getByRole('button', { name: 'Add campaign' })).toBeDisabled();
      expect(field('Outbound number')).toHaveAttribute('readonly');
      expect(screen.getByRole('checkbox', { name: 'CLI restricted' })).toBeDisabled();
      expect(screen.getByRole('checkbox', { name: 'Auto dial' })).toBeDisabled();
      expect(screen.getByRole('checkbox', { name: 'Daily report email' })).toBeDisabled();

      expect(screen.getByRole('combobox', { name: 'Authority code' })).toBeEnabled();
      expect(screen.getByRole('combobox', { name: 'Provisioning' })).toBeEnabled();
      const grid = await screen.findByRole('table', { name: 'Permissions' });
      expect(within(grid).getByRole('checkbox', { name: 'Reports for Harbour Lane Dental' })).toBeEnabled();
    });

    test('saves their level and permissions without checking the email', async () => {
      const { fetch, user } = setup('/users/77', QUINN, {
        '/api/users/getUserPermissions/77/20/1': () => jsonResponse(userPermissions()),
        '/api/users/checkUniqueEmail/': () => jsonResponse({ success: true }),
        '/api/users/save/77': () => jsonResponse({ success: true, id: 77 }),
        '/api/users/getUsers/onaccount': () =>
          jsonResponse({ users: [], usersWithPermission: [], accountOwnersQty: 1, accessToOtherAccounts: false, canEditUsers: true }),
      });
      await screen.findByRole('table', { name: 'Permissions' });
      await user.selectOptions(screen.getByRole('combobox', { name: 'Authority code' }), '20');
      await user.click(await screen.findByRole('checkbox', { name: 'Billing for Harbour Lane Dental' }));
      await user.click(screen.getByRole('button', { name: 'Save' }));

      await waitFor(() => expect(location()).toHaveTextContent(/^\/users$/));
      expect(calls(fetch, '/api/users/checkUniqueEmail/')).toHaveLength(0);
      const fields = posted(calls(fetch, '/api/users/save/77')[0][1]);
      expect(fields).toMatchObject({ form_auth_code: '20', userId: '77' });
      expect(JSON.parse(fields.form_permission)[0]).toEqual({
        customerId: 100,
        PERM_REPORTS: false,
        PERM_BILLING: true,
        PERM_USER_ADMIN: false,
      });
    });
  });
  describe('Call summary emails', () => {
    test('a user with the reports permission ticks the summaries they want, and only those are sent', async () => {
      const { fetch, user } = setup('/users/42', NINA, {
        '/api/users/save/42': () => jsonResponse({ success: true, id: 42 }),
      });
      const section = within(await screen.findByRole('region', { name: 'Call summary emails' }));
      const daily = section.getByRole('checkbox', { name: 'Daily call summary' });
      const weekly = section.getByRole('checkbox', { name: 'Weekly call summary (Mondays)' });
      const monthly = section.getByRole('checkbox', { name: 'Monthly call summary (on the 1st)' });
      expect(weekly).toBeChecked();
      expect(daily).not.toBeChecked();
      expect(monthly).toBeEnabled();
      await user.click(daily);
      await user.click(weekly);
      await user.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(calls(fetch, '/api/users/save/42')).toHaveLength(1));
      const fields = posted(calls(fetch, '/api/users/save/42')[0][1]);
      expect(fields).toMatchObject({ form_summary_daily: '1' });
      expect(fields).not.toHaveProperty('form_summary_weekly');
      expect(fields).not.toHaveProperty('form_summary_monthly');
    });

    test('without the reports permission the summaries are not offered', async () => {
      const off = { enabled: false, checked: false };
      setup('/users/42', userDetails({ ...NINA.user, summaryDaily: off, summaryWeekly: off, summaryMonthly: off }));
      const section = within(await screen.findByRole('region', { name: 'Call summary emails' }));
      for (const name of ['Daily call summary', 'Weekly call summary (Mondays)', 'Monthly call summary (on the 1st)']) {
        expect(section.getByRole('checkbox', { name })).toBeDisabled();
      }
      expect(
        section.getByText('Call summaries go only to users with the Reports permission on their home account.'),
      ).toBeInTheDocument();
    });
  });
});

import { screen, within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { NO_PERMISSION } from '../../../components/PermissionError';
import { jsonResponse, stubApi } from '../../../test/fixtures';
import type { ClientAccounts } from '../api';
import { renderPartner } from '../test-utils';

const CLIENTS: ClientAccounts = {
  accounts: [
    {
      id: 601,
      name: 'Greenway Garden Centre',
      accountCode: 'GGC-601',
      packageName: 'Starter',
      programme: 'referrer',
      numbers: 2,
      calls30Days: 14,
      dateAdded: '13/07/2026',
      createdAt: 1,
    },
    {
      id: 602,
      name: 'Riverside Veterinary Practice',
      accountCode: 'RVP-602',
      packageName: 'Professional',
      programme: 'reseller',
      numbers: 3,
      calls30Days: 41,
      dateAdded: '23/07/2026',
      createdAt: 2,
    },
  ],
  canAddAccounts: true,
};

const CREATED = {
  success: true,
  message: 'Customer was created.',
  id: 612,
  name: 'Northern Lights Dental',
  invited: 'nadia@northernlights.example',
};

describe('partner accounts', () => {
  test('lists the clients with their numbers, calls and codes', async () => {
    stubApi({ '/api/partnerportal/getAccounts': () => jsonResponse(CLIENTS) });
    renderPartner('/partner/accounts');
    const table = await screen.findByRole('table', { name: 'Client accounts' });
    const riverside = within(table).getByText('Riverside Veterinary Practice').closest('tr')!;
    expect(within(riverside).getByText('RVP-602')).toBeInTheDocument();
    expect(within(riverside).getByText('41')).toBeInTheDocument();
    expect(within(riverside).getByText('23/07/2026')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add account' })).toBeInTheDocument();
  });

  test('without the right to add, there is no Add account button', async () => {
    stubApi({ '/api/partnerportal/getAccounts': () => jsonResponse({ ...CLIENTS, canAddAccounts: false }) });
    renderPartner('/partner/accounts');
    await screen.findByRole('table', { name: 'Client accounts' });
    expect(screen.queryByRole('button', { name: 'Add account' })).not.toBeInTheDocument();
  });

  test('the dialog checks as typed, creates the account, lists it and says who was invited', async () => {
    let lists = 0;
    const fetch = stubApi({
      '/api/partnerportal/getAccounts': () => {
        lists += 1;
        return jsonResponse(CLIENTS);
      },
      '/api/partnerportal/addAccount': () => jsonResponse(CREATED),
    });
    const user = renderPartner('/partner/accounts');
    await user.click(await screen.findByRole('button', { name: 'Add account' }));
    const dialog = screen.getByRole('dialog', { name: 'Add account' });
    const name = within(dialog).getByLabelText('Account');
    await user.type(name, 'Smith & Sons');
    await user.tab();
    expect(
      within(dialog).getByText('Invalid characters found. Allowed Characters are numbers, letters, hyphens, underscores and spaces'),
    ).toBeInTheDocument();
    await user.clear(name);
    await user.type(name, 'Northern Lights Dental');
    await user.type(within(dialog).getByLabelText('First name'), 'Nadia');
    await user.click(within(dialog).getByRole('button', { name: 'Create account' }));
    expect(within(dialog).getByText('Last name is required.')).toBeInTheDocument();
    expect(fetch.mock.calls.some(([url]) => String(url).includes('addAccount'))).toBe(false);

    await user.type(within(dialog).getByLabelText('Last name'), 'North');
    await user.type(within(dialog).getByLabelText('Email'), 'nadia@northernlights.example');
    await user.click(within(dialog).getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Customer was created. An invitation to set a password was sent to nadia@northernlights.example.', { exact: false })).toHaveClass('banner-success');
    const body = fetch.mock.calls.find(([url]) => String(url).includes('addAccount'))?.[1]?.body as FormData;
    expect([body.get('accountName'), body.get('form_email'), body.get('programme')]).toEqual([
      'Northern Lights Dental',
      'nadia@northernlights.example',
      'reseller',
    ]);
    expect(lists).toBe(2);

    // Opened again, it starts empty.
    await user.click(screen.getByRole('button', { name: 'Add account' }));
    expect(within(screen.getByRole('dialog', { name: 'Add account' })).getByLabelText('Account')).toHaveValue('');
  });

  test("the server's refusal shows on its field and keeps what was typed", async () => {
    stubApi({
      '/api/partnerportal/getAccounts': () => jsonResponse(CLIENTS),
      '/api/partnerportal/addAccount': () =>
        jsonResponse({ success: false, code: 'VALIDATION_FAILED', errors: { form_email: 'Email is already in use.' } }, 422),
    });
    const user = renderPartner('/partner/accounts');
    await user.click(await screen.findByRole('button', { name: 'Add account' }));
    const dialog = screen.getByRole('dialog', { name: 'Add account' });
    await user.type(within(dialog).getByLabelText('Account'), 'Acme');
    await user.type(within(dialog).getByLabelText('First name'), 'Ann');
    await user.type(within(dialog).getByLabelText('Last name'), 'Lee');
    await user.type(within(dialog).getByLabelText('Email'), 'owner@demo.test');
    await user.click(within(dialog).getByRole('button', { name: 'Create account' }));
    expect(await within(dialog).findByText('Email is already in use.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Account')).toHaveValue('Acme');
  });

  test('a failure that is not about a field keeps what was typed; Cancel then clears the form', async () => {
    stubApi({
      '/api/partnerportal/getAccounts': () => jsonResponse(CLIENTS),
      '/api/partnerportal/addAccount': () => jsonResponse({ success: false }, 500),
    });
    const user = renderPartner('/partner/accounts');
    await user.click(await screen.findByRole('button', { name: 'Add account' }));
    const dialog = screen.getByRole('dialog', { name: 'Add account' });
    await user.type(within(dialog).getByLabelText('Account'), 'Acme');
    await user.click(within(dialog).getByRole('button', { name: 'Create account' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The account could not be created. Please try again, or call 0161 496 0000.');
    expect(within(dialog).getByLabelText('Account')).toHaveValue('Acme');

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog', { name: 'Add account' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add account' }));
    const again = screen.getByRole('dialog', { name: 'Add account' });
    expect(within(again).getByLabelText('Account')).toHaveValue('');
    expect(within(again).queryByRole('alert')).not.toBeInTheDocument();
  });

  test('without clients it says so', async () => {
    stubApi({ '/api/partnerportal/getAccounts': () => jsonResponse({ accounts: [], canAddAccounts: true }) });
    renderPartner('/partner/accounts');
    expect(await screen.findByText('You have no client accounts yet.')).toBeInTheDocument();
  });

  test('a refusal of the list shows the permission error page', async () => {
    stubApi({ '/api/partnerportal/getAccounts': () => jsonResponse({ success: false, code: 'FORBIDDEN' }, 403) });
    renderPartner('/partner/accounts');
    expect(await screen.findByRole('alert')).toHaveTextContent(NO_PERMISSION);
    expect(screen.getByRole('heading', { level: 1, name: 'Error' })).toBeInTheDocument();
  });

  test('Log in enters the client account and opens its admin area', async () => {
    const reload = vi.fn(async () => {});
    const fetch = stubApi({
      '/api/partnerportal/getAccounts': () => jsonResponse(CLIENTS),
      '/api/login/': () => jsonResponse({ success: true, customerId: 602, customerName: 'Riverside Veterinary Practice' }),
    });
    const user = renderPartner('/partner/accounts', undefined, reload);
    await user.click(await screen.findByRole('button', { name: 'Log in to Riverside Veterinary Practice' }));
    expect(await screen.findByText('Client admin area')).toBeInTheDocument();
    expect(reload).toHaveBeenCalled();
    const body = fetch.mock.calls.find(([url]) => String(url).includes('/api/login/'))?.[1]?.body as FormData;
    expect(body.get('form_customer_id')).toBe('602');
  });
});

import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, test } from 'vitest';
import { jsonResponse, stubApi } from '../../../test/fixtures';
import type { ApiKeyList } from '../api';
import { ApiKeysPage } from './ApiKeysPage';

const KEY = 'ctk_0123456789abcdefghijABCDEFGHIJ0123456789';

const LIST: ApiKeyList = {
  keys: [
    {
      id: 1,
      name: 'Lead dashboard',
      hint: 'ctk_Qd81xZ…',
      createdBy: 'Theo Tran',
      created: '09/10/2026 10:00',
      lastUsed: '21/11/2026 10:00',
      revoked: null,
    },
    { id: 2, name: 'Old import', hint: 'ctk_Zz00aa…', createdBy: 'Theo Tran', created: '01/01/2026 09:00', lastUsed: null, revoked: '02/02/2026 09:00' },
  ],
  maxActiveKeys: 10,
};

function renderPage() {
  render(
    <MemoryRouter>
      <ApiKeysPage title="API keys" />
    </MemoryRouter>,
  );
  return userEvent.setup();
}

describe('API keys', () => {
  test('lists keys by their start only, with when they were used and revoked', async () => {
    stubApi({ '/api/technologypartner/getApiKeys': () => jsonResponse(LIST) });
    renderPage();
    const table = await screen.findByRole('table', { name: 'API keys' });
    expect(within(table).getByText('ctk_Qd81xZ…')).toBeInTheDocument();
    expect(within(table).getByText('21/11/2026 10:00')).toBeInTheDocument();
    expect(within(table).getByText('Never')).toBeInTheDocument();
    expect(within(table).getByText('Revoked 02/02/2026 09:00')).toBeInTheDocument();
    expect(within(table).getAllByRole('button', { name: /^Revoke/ })).toHaveLength(1);
    expect(screen.getByText(/1 of 10 active keys/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'reporting API' })).toHaveAttribute('href', '/apidocs');
  });

  test('a name is checked as typed; the created key is shown once and the list reloads', async () => {
    let listed = 0;
    const fetch = stubApi({
      '/api/technologypartner/getApiKeys': () => {
        listed += 1;
        return jsonResponse(LIST);
      },
      '/api/technologypartner/createApiKey': () => jsonResponse({ success: true, id: 3, name: 'CRM sync', key: KEY, hint: 'ctk_012345…' }),
    });
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Create key' }));
    const dialog = screen.getByRole('dialog', { name: 'Create API key' });
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(within(dialog).getByText('Name is required.')).toBeInTheDocument();
    expect(fetch.mock.calls.some(([url]) => String(url).includes('createApiKey'))).toBe(false);

    await user.type(within(dialog).getByLabelText('Name'), 'CRM sync');
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));
    const shown = await screen.findByRole('dialog', { name: 'Your new API key' });
    expect(within(shown).getByLabelText('Your new API key')).toHaveValue(KEY);
    expect(within(shown).getByText(/shown only this once/)).toBeInTheDocument();
    const body = fetch.mock.calls.find(([url]) => String(url).includes('createApiKey'))?.[1]?.body as FormData;
    expect(body.get('form_name')).toBe('CRM sync');
    expect(listed).toBe(2);

    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    expect(screen.queryByDisplayValue(KEY)).not.toBeInTheDocument();
    // Opened again, the dialog starts empty.
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(within(screen.getByRole('dialog', { name: 'Create API key' })).getByLabelText('Name')).toHaveValue('');
  });

  test("the server's message for the eleventh key shows on the name", async () => {
    stubApi({
      '/api/technologypartner/getApiKeys': () => jsonResponse(LIST),
      '/api/technologypartner/createApiKey': () =>
        jsonResponse(
          { success: false, code: 'VALIDATION_FAILED', errors: { form_name: 'You can have at most 10 active keys. Revoke one to create another.' } },
          422,
        ),
    });
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Create key' }));
    const dialog = screen.getByRole('dialog', { name: 'Create API key' });
    await user.type(within(dialog).getByLabelText('Name'), 'Eleventh');
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(await within(dialog).findByText(/at most 10 active keys/)).toBeInTheDocument();
  });

  test('revoking asks first, then says so', async () => {
    const fetch = stubApi({
      '/api/technologypartner/getApiKeys': () => jsonResponse(LIST),
      '/api/technologypartner/revokeApiKey/1': () => jsonResponse({ success: true }),
    });
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Revoke Lead dashboard' }));
    const confirm = screen.getByRole('dialog', { name: 'Revoke API key' });
    expect(confirm).toHaveTextContent("Revoke the key 'Lead dashboard'?");
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(fetch.mock.calls.some(([url]) => String(url).includes('revokeApiKey'))).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Revoke Lead dashboard' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Revoke API key' })).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByRole('status')).toHaveTextContent("The key 'Lead dashboard' was revoked.");
  });

  test('at the limit the create button is off', async () => {
    const full = { ...LIST, maxActiveKeys: 1 };
    stubApi({ '/api/technologypartner/getApiKeys': () => jsonResponse(full) });
    renderPage();
    expect(await screen.findByRole('button', { name: 'Create key' })).toBeDisabled();
  });

  test('a refusal shows the permission error page', async () => {
    stubApi({ '/api/technologypartner/getApiKeys': () => jsonResponse({ success: false }, 403) });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Error' })).toBeInTheDocument();
  });
});

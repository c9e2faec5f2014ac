import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { MemoryRouter } from 'react-router';
import { describe, expect, test } from 'vitest';
import { jsonResponse, stubApi } from '../../../test/fixtures';
import type { CallerIdsPage as Data } from './api';
import { CallerIdsPage, LOAD_FAILED } from './CallerIdsPage';

const NOW = 1_795_428_000;

function page(overrides: Partial<Data> = {}): Data {
  return {
    tracked: [
      { number: '01614960000', kind: 'static', poolName: '' },
      { number: '02079460000', kind: 'pool', poolName: 'Website visitors' },
    ],
    outside: [
      {
        id: 7,
        number: '07700900123',
        status: 'pending',
        codeExpiresAt: NOW + 600,
        triesLeft: 5,
        verifiedAt: null,
        addedBy: 'owner@demo.test',
        addedAt: NOW,
        removeQuestion: 'Remove 07700900123 from the caller ids? Its verification ends.',
      },
    ],
    agents: [{ id: 1, name: 'Olivia Harper', outboundNumber: '01614960000', cliRestricted: false }],
    ...overrides,
  };
}

function renderPage(routes: Parameters<typeof stubApi>[0] = {}) {
  const fetch = stubApi({
    '/api/outboundcli/getCallerIds': () => jsonResponse(page()),
    '/api/outboundcli/addCallerId': () => jsonResponse({ success: true, id: 8 }),
    '/api/outboundcli/verifyCallerId/8': () => jsonResponse({ success: true }),
    '/api/outboundcli/verifyCallerId/7': () => jsonResponse({ success: true }),
    '/api/outboundcli/resendCode/7': () => jsonResponse({ success: true }),
    '/api/outboundcli/removeCallerId/7': () => jsonResponse({ success: true }),
    '/api/outboundcli/restrictAgent/1': () => jsonResponse({ success: true }),
    ...routes,
  });
  render(
    <MemoryRouter>
      <main>
        <CallerIdsPage title="Manage CLI" />
      </main>
    </MemoryRouter>,
  );
  return { user: userEvent.setup(), fetch };
}

const posted = (fetch: ReturnType<typeof stubApi>, part: string) =>
  fetch.mock.calls.find(([url]) => String(url).includes(part))?.[1]?.body as FormData | undefined;

describe('the Manage CLI page', () => {
  test('lists the outside numbers with their status, the tracked numbers and the agents', async () => {
    renderPage();
    const outside = await screen.findByRole('table', { name: 'Outside caller ids' });
    const row = within(outside).getByText('07700 900123').closest('tr')!;
    expect(within(row).getByText(/Waiting for the code/)).toBeInTheDocument();
    expect(within(row).getByText(/by owner@demo.test/)).toBeInTheDocument();
    const tracked = screen.getByRole('table', { name: 'Tracked numbers' });
    expect(within(tracked).getByText("Pool 'Website visitors'")).toBeInTheDocument();
    expect(within(tracked).getByText('0161 496 0000')).toBeInTheDocument();
    expect(screen.getByText('Presents 0161 496 0000')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Restrict Olivia Harper to the list' })).not.toBeChecked();
  });

  test('an outside number is added, checked by the domain as typed, then verified with the code', async () => {
    const { user, fetch } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Add outside number' }));
    let dialog = screen.getByRole('dialog', { name: 'Add an outside caller id' });
    await user.type(within(dialog).getByLabelText('Phone number'), '01614960000');
    await user.click(within(dialog).getByRole('button', { name: 'Send a code' }));
    expect(within(dialog).getByText('This is one of your tracked numbers: it is on the list already.')).toBeInTheDocument();
    expect(posted(fetch, 'addCallerId')).toBeUndefined();
    await user.clear(within(dialog).getByLabelText('Phone number'));
    await user.type(within(dialog).getByLabelText('Phone number'), '07700900456');
    await user.click(within(dialog).getByRole('button', { name: 'Send a code' }));
    dialog = await screen.findByRole('dialog', { name: 'Verify 07700 900456' });
    expect(posted(fetch, 'addCallerId')?.get('form_number')).toBe('07700900456');
    expect(within(dialog).getByRole('status')).toHaveTextContent('A code was sent to 07700 900456.');
    await user.type(within(dialog).getByLabelText('Verification code'), '12345');
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(within(dialog).getByText('Enter the 6-digit code.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Verification code'), '6');
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('07700 900456 is verified: agents may present it.')).toBeInTheDocument();
    expect(posted(fetch, 'verifyCallerId/8')?.get('form_code')).toBe('123456');
  });

  test("the server's refusal of a code shows at the field, and a new code can be sent", async () => {
    const { user, fetch } = renderPage({
      '/api/outboundcli/verifyCallerId/7': () =>
        jsonResponse(
          { success: false, code: 'CODE_EXPIRED', errors: { form_code: 'This code has expired: send a new code.' } },
          422,
        ),
    });
    await user.click(await screen.findByRole('button', { name: 'Enter the code for 07700 900123' }));
    const dialog = screen.getByRole('dialog', { name: 'Verify 07700 900123' });
    await user.type(within(dialog).getByLabelText('Verification code'), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(await within(dialog).findByText('This code has expired: send a new code.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Send a new code' }));
    expect(await within(dialog).findByText(/A new code was sent to 07700 900123/)).toBeInTheDocument();
    expect(fetch.mock.calls.some(([url]) => String(url).includes('resendCode/7'))).toBe(true);
  });

  test('a premium personal number or a pager is refused as typed, and the day and minute limits in their words', async () => {
    const tooMany = 'Too many requests from your account in a minute: wait a minute, then try again.';
    const { user, fetch } = renderPage({
      '/api/outboundcli/addCallerId': () =>
        jsonResponse({ success: false, code: 'TOO_MANY_REQUESTS', message: tooMany, errors: { form_number: tooMany } }, 429),
    });
    await user.click(await screen.findByRole('button', { name: 'Add outside number' }));
    const dialog = screen.getByRole('dialog', { name: 'Add an outside caller id' });
    const field = within(dialog).getByLabelText('Phone number');
    await user.type(field, '07000123456');
    await user.click(within(dialog).getByRole('button', { name: 'Send a code' }));
    expect(
      within(dialog).getByText(
        'Numbers starting 070 are personal numbers, charged at a premium rate: they cannot be caller ids.',
      ),
    ).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, '07624123456');
    expect(within(dialog).getByText('Numbers starting 076 are pagers: they cannot be caller ids.')).toBeInTheDocument();
    expect(posted(fetch, 'addCallerId')).toBeUndefined();
    await user.clear(field);
    await user.type(field, '07700900456');
    await user.click(within(dialog).getByRole('button', { name: 'Send a code' }));
    expect(await within(dialog).findByText(tooMany)).toBeInTheDocument();
  });

  test('a number is removed after confirming; a refusal is shown in its words', async () => {
    const { user } = renderPage({
      '/api/outboundcli/removeCallerId/7': () =>
        jsonResponse({ success: false, code: 'CALLER_ID_IN_USE', errors: { form_number: 'In use by Olivia Harper.' } }, 422),
    });
    await user.click(await screen.findByRole('button', { name: 'Remove 07700 900123' }));
    const dialog = screen.getByRole('dialog', { name: 'Are you sure?' });
    expect(within(dialog).getByText('Remove 07700900123 from the caller ids? Its verification ends.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('In use by Olivia Harper.');
  });

  test('an agent is restricted to the list with the switch', async () => {
    const { user, fetch } = renderPage();
    await user.click(await screen.findByRole('switch', { name: 'Restrict Olivia Harper to the list' }));
    expect(await screen.findByText('The agent is restricted to the list.')).toBeInTheDocument();
    expect(posted(fetch, 'restrictAgent/1')?.get('form_customer_restrict_cli')).toBe('1');
  });

  test('an empty list says so', async () => {
    stubApi({ '/api/outboundcli/getCallerIds': () => jsonResponse(page({ outside: [], agents: [], tracked: [] })) });
    render(
      <MemoryRouter>
        <CallerIdsPage title="Manage CLI" />
      </MemoryRouter>,
    );
    expect(await screen.findByText('No outside numbers yet.')).toBeInTheDocument();
    expect(screen.getByText(/No agents yet/)).toBeInTheDocument();
  });

  test('a failed load says so', async () => {
    renderPage({ '/api/outboundcli/getCallerIds': () => jsonResponse({ success: false }, 500) });
    expect(await screen.findByText(LOAD_FAILED)).toBeInTheDocument();
  });

  test('the page and its dialog have no accessibility violations axe finds (contrast is checked in Chromium)', async () => {
    const { user } = renderPage();
    await screen.findByRole('table', { name: 'Outside caller ids' });
    const check = async () => {
      const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' ')}`)).toEqual([]);
    };
    await check();
    await user.click(screen.getByRole('button', { name: 'Add outside number' }));
    await check();
    await waitFor(() => expect(screen.getByRole('dialog')).toBeInTheDocument());
  });
});

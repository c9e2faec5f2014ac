import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { MemoryRouter } from 'react-router';
import { describe, expect, test } from 'vitest';
import { SnackbarProvider } from '../../../components/Snackbar';
import type { AccountState } from '../../../domain';
import { AccountProvider } from '../../../lib/account';
import { jsonResponse } from '../../../test/fixtures';
import { charges, ivrAnswers } from '../editors/ivrTestUtils';
import { callsTo, posted, stubLibrary, type Answers } from '../selectors/libraryTestUtils';
import { professional, starter } from './connectTestUtils';
import { IVRS_FAILED, IvrList, NO_IVRS, NO_MATCHING_IVRS, NOT_USED } from './IvrList';

const OVERVIEW = '/api/manageivrrouting/getIvrOverview';
const UPDATE = '/api/manageivrrouting/updateExistingIvr/';
const CREATE = '/api/manageivrrouting/createIvr/0';

const MAIN = { id: 71, description: 'Main menu', isChild: false, usedBy: ['0161 496 0001', 'Website pool'] };
const BILLING = { id: 72, description: 'Billing menu', isChild: true, usedBy: ['0161 496 0001', 'Website pool'] };
const SPARE = { id: 74, description: 'Spare menu', isChild: false, usedBy: [] };

function setup(answers: Answers = {}, acc: AccountState = professional()) {
  const fetch = stubLibrary(ivrAnswers({ [OVERVIEW]: () => jsonResponse({ ivrs: [BILLING, MAIN, SPARE] }), ...answers }));
  render(
    <MemoryRouter>
      <AccountProvider account={acc} setAccount={() => {}} reload={async () => {}}>
        <SnackbarProvider>
          <IvrList title="IVRs" />
        </SnackbarProvider>
      </AccountProvider>
    </MemoryRouter>,
  );
  return { fetch, user: userEvent.setup() };
}

const ivrTable = () => screen.findByRole('table', { name: 'IVRs' });
const bodyRows = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);

describe('IVRs page', () => {
  test('lists every IVR by description with its level and the numbers and pools that use it', async () => {
    setup();
    expect(screen.getByRole('heading', { level: 1, name: 'IVRs' })).toBeInTheDocument();
    expect(screen.getByText(/An IVR is a menu that callers hear and answer by pressing keys/)).toBeInTheDocument();
    expect(screen.getByText('Loading IVRs…')).toBeInTheDocument();
    const rows = bodyRows(await ivrTable());
    expect(rows.map((row) => within(row).getAllByRole('cell')[0].textContent)).toEqual([
      'Billing menu',
      'Main menu',
      'Spare menu',
    ]);
    expect(rows[0]).toHaveTextContent("Child (reached from another IVR's key)");
    expect(rows[0]).toHaveTextContent('0161 496 0001, Website pool');
    expect(rows[1]).toHaveTextContent('Top-level');
    expect(rows[2]).toHaveTextContent(NOT_USED);
    expect(within(rows[1]).getByRole('button', { name: 'Edit Main menu' })).toBeInTheDocument();
  });

  test('searches the descriptions and what uses each IVR', async () => {
    const { user } = setup();
    const table = await ivrTable();
    const search = screen.getByRole('searchbox');
    await user.type(search, 'website');
    await waitFor(() => expect(bodyRows(table)).toHaveLength(2));
    await user.clear(search);
    await user.type(search, 'spare');
    await waitFor(() => expect(bodyRows(table)).toHaveLength(1));
    expect(bodyRows(table)[0]).toHaveTextContent('Spare menu');
    await user.clear(search);
    await user.type(search, 'nothing like it');
    expect(await within(table).findByText(NO_MATCHING_IVRS)).toBeInTheDocument();
  });

  test('Edit opens the IVR editor; after a save the list reloads and the save is said once', async () => {
    let overview = [BILLING, MAIN, SPARE];
    const { fetch, user } = setup({
      [OVERVIEW]: () => jsonResponse({ ivrs: overview }),
      [UPDATE]: () => {
        overview = [{ ...BILLING, description: 'Payments menu' }, MAIN, SPARE];
        return jsonResponse({ success: true, ivrId: 72 });
      },
    });
    const table = await ivrTable();
    await user.click(within(table).getByRole('button', { name: 'Edit Billing menu' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit IVR' });
    const description = await within(dialog).findByLabelText('Description');
    await waitFor(() => expect(description).toHaveValue('Billing menu'));
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: 'Intro audio' })).toBeEnabled());
    await user.clear(description);
    await user.type(description, 'Payments menu');
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posted(callsTo(fetch, UPDATE)[0][1])).toMatchObject({ form_record_id: '72', description: 'Payments menu' });
    expect(await within(table).findByText('Payments menu')).toBeInTheDocument();
    expect(within(table).queryByText('Billing menu')).not.toBeInTheDocument();
    expect(callsTo(fetch, OVERVIEW)).toHaveLength(2);
    expect(screen.getAllByText("IVR 'Payments menu' saved.")).toHaveLength(1);
  });

  test('Add IVR opens a new top-level IVR at once while the account has IVR credits left', async () => {
    const { fetch, user } = setup({ [CREATE]: () => jsonResponse({ success: true, ivrId: 75 }) });
    await ivrTable();
    await user.click(screen.getByRole('button', { name: 'Add IVR' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add IVR' });
    expect(within(dialog).getByLabelText('Description')).toHaveValue('');
    expect(screen.queryByRole('dialog', { name: 'Multi-level IVR' })).not.toBeInTheDocument();
    expect(callsTo(fetch, '/api/managemultilevelivr/getMultiIvrCharges')).toHaveLength(1);
  });

  test('past the credits, Add IVR asks for the price and terms first', async () => {
    const { user } = setup({ '/api/managemultilevelivr/getMultiIvrCharges': charges(3) });
    await ivrTable();
    await user.click(screen.getByRole('button', { name: 'Add IVR' }));
    const terms = await screen.findByRole('dialog', { name: 'Multi-level IVR' });
    await user.click(within(terms).getByRole('checkbox', { name: 'I accept the terms and conditions' }));
    await user.click(within(terms).getByRole('button', { name: 'Add IVR' }));
    expect(await screen.findByRole('dialog', { name: 'Add IVR' })).toBeInTheDocument();
  });

  test('no IVRs yet says how to start', async () => {
    setup({ [OVERVIEW]: () => jsonResponse({ ivrs: [] }) });
    expect(await screen.findByText(NO_IVRS)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add IVR' })).toBeInTheDocument();
  });

  test('a failed load says so', async () => {
    setup({ [OVERVIEW]: () => jsonResponse({ success: false }, 500) });
    expect(await screen.findByRole('alert')).toHaveTextContent(IVRS_FAILED);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  test('a user who is not an administrator sees the list without add or edit, and no editor lists load', async () => {
    const { fetch } = setup({}, professional({ isAdministrator: false, userAuthCode: 10 }));
    const table = await ivrTable();
    expect(bodyRows(table)).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Add IVR' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Edit / })).not.toBeInTheDocument();
    expect(fetch.mock.calls.map(([url]) => String(url)).filter((url) => !url.includes('routingdraft'))).toEqual([OVERVIEW]);
  });

  test('without an advanced routing scope only the heading shows', () => {
    const { fetch } = setup({}, starter());
    expect(screen.getByRole('heading', { level: 1, name: 'IVRs' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  test('the page and the editor have no accessibility violations axe finds (contrast is checked in Chromium)', async () => {
    const { user } = setup();
    const table = await ivrTable();
    const check = async () => {
      const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' ')}`)).toEqual([]);
    };
    await check();
    await user.click(within(table).getByRole('button', { name: 'Edit Main menu' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit IVR' });
    await waitFor(() => expect(within(dialog).getByLabelText('Description')).toHaveValue('Main menu'));
    await check();
  });
});

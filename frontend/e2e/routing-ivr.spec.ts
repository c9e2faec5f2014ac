import { type Locator, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectAccessible, expectHeading, logIn, showAllRoutingRows, sideMenu, unique } from './helpers';

// The routing list's columns: select, Number / pool, Type, Description,
// Destination / service plan, Recording, Status.
const NUMBER = 1;
const TYPE = 2;
const DESCRIPTION = 3;
const ROUTING = 4;

const isDigits = (text: string) => /^\+?\d+$/.test(text.replace(/\s/g, ''));

/** A short suffix that keeps descriptions unique across runs on one database. */

function routingTable(page: Page): Locator {
  return page.getByRole('table', { name: 'Call routing' });
}

async function listCells(page: Page): Promise<string[][]> {
  return routingTable(page)
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) => Array.from((row as HTMLTableRowElement).cells, (cell) => cell.innerText.trim())),
    );
}

/**
 * The multi-level IVR price and terms: the price is shown, and the action waits for the tick.
 * `check` runs the accessibility check on the dialog (once is enough: the same dialog each time).
 */
async function acceptTerms(page: Page, action: 'Add IVR' | 'Clone', check = false): Promise<void> {
  const terms = page.getByRole('dialog', { name: 'Multi-level IVR' });
  await expect(terms).toBeVisible();
  await expect(terms.getByText(/^£[\d.,]+ per IVR per \w+$/)).toBeVisible();
  await expect(terms.getByRole('link', { name: 'Read the terms and conditions' })).toHaveAttribute('href', '/conditions');
  const confirm = terms.getByRole('button', { name: action, exact: true });
  await expect(confirm).toBeDisabled();
  if (check) await expectAccessible(page, 'the Multi-level IVR terms dialog', { within: terms });
  await terms.getByRole('checkbox', { name: 'I accept the terms and conditions' }).check();
  await confirm.click();
  await expect(terms).toHaveCount(0);
}

test('an owner builds a two-level IVR past the credits, follows a call through its flowchart and clones it', async ({
  page,
}) => {
  await logIn(page, 'owner@demo.test', '/manage/routing');
  await expectHeading(page, 'Call routing');
  await showAllRoutingRows(page);

  // A static number routed by a service plan, opened on the advanced connect page.
  const planned = (await listCells(page)).filter(
    (cells) => cells[TYPE] === 'Static' && cells[DESCRIPTION] !== '' && cells[ROUTING] !== '' && !isDigits(cells[ROUTING]),
  );
  expect(planned.length, 'static numbers with a service plan').toBeGreaterThanOrEqual(1);
  const number = planned[0][NUMBER];
  await routingTable(page).getByRole('checkbox', { name: `Select ${number}`, exact: true }).check();
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page).toHaveURL(/\/manage\/routing\/numbers\/advanced$/);

  const row = page.getByRole('table', { name: 'Selected numbers and pools' }).locator('tbody tr').first();
  await expect(row.getByRole('combobox', { name: /^Service plan for / })).toBeEnabled();
  await row.getByRole('button', { name: 'Add service plan', exact: true }).click();
  const plan = page.getByRole('dialog', { name: 'Add service plan' });
  await expect(plan).toBeVisible();

  // Row 1 answers with an IVR.
  await plan.getByRole('combobox', { name: 'Type, row 1' }).selectOption({ label: 'IVR' });
  const ivrSelect = plan.getByRole('combobox', { name: 'IVR, row 1' });
  await expect(ivrSelect).toBeEnabled();

  // The demo's IVRs have used its credits: the price and the terms come first.
  // Row 1's own Add IVR (the bank holidays' "Calls go to" below offers one too).
  await plan.getByRole('button', { name: 'Add IVR', exact: true }).first().click();
  await acceptTerms(page, 'Add IVR', true);

  const salesMenu = `Sales menu ${unique()}`;
  const editor = page.getByRole('dialog', { name: 'Add IVR' });
  await expect(editor).toBeVisible();
  await expect(editor.getByRole('combobox', { name: 'Destination plan, key 1' })).toBeEnabled();
  await editor.getByLabel('Description', { exact: true }).fill(salesMenu);
  const introAudio = editor.getByRole('combobox', { name: 'Intro audio' });
  await expect(introAudio.locator('option')).not.toHaveCount(1);
  await introAudio.selectOption({ index: 1 });
  await editor.getByLabel('Repeat audio', { exact: true }).fill('2');

  // Key 1: a destination plan.
  await editor.getByRole('textbox', { name: 'Description, key 1' }).fill('Reception');
  await editor.getByRole('combobox', { name: 'Destination plan, key 1' }).selectOption({ label: 'Reception' });

  // Key 2: the seeded child IVR "Billing menu".
  await editor.getByRole('button', { name: 'Add key', exact: true }).click();
  await editor.getByRole('textbox', { name: 'Description, key 2' }).fill('Billing');
  await editor.getByRole('combobox', { name: 'Type, key 2' }).selectOption({ label: 'IVR' });
  await editor.getByRole('combobox', { name: 'IVR, key 2' }).selectOption({ label: 'Billing menu' });

  // Key 3 repeats the menu (keys run 1-9, 0, *, # with no gaps, so the third row is key 3).
  await editor.getByRole('button', { name: 'Add key', exact: true }).click();
  await editor.getByRole('textbox', { name: 'Description, key 3' }).fill('Hear the options again');
  await editor.getByRole('radio', { name: 'Repeat, key 3' }).check();
  await expect(editor.getByText('Repeats the menu')).toBeVisible();
  await editor.getByRole('combobox', { name: 'Default key' }).selectOption('1');
  await expectAccessible(page, 'the Add IVR dialog with three keys', { within: editor });

  await editor.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(editor).toHaveCount(0);
  await expect(ivrSelect.locator('option:checked')).toHaveText(salesMenu);

  // The flowchart of the new IVR: the menu, its child menu and the destination plan.
  await plan.getByRole('button', { name: 'Edit IVR', exact: true }).first().click();
  const flow = page.getByRole('dialog', { name: 'Edit Service Plan' });
  await expect(flow).toBeVisible();
  await expect(flow.getByRole('button', { name: `Edit IVR ${salesMenu}`, exact: true })).toBeVisible();
  await expect(flow.getByRole('button', { name: 'Edit IVR Billing menu', exact: true })).toBeVisible();
  await expect(flow.getByRole('button', { name: 'Edit destination plan Reception', exact: true })).toBeVisible();
  await expect(flow.getByRole('list', { name: `Keys of ${salesMenu}` })).toContainText('2: Billing → IVR Billing menu');

  // A node's editor opens in place of the flowchart (over the plan, not over the flowchart);
  // Escape brings the flowchart back with the focus on the node.
  await flow.getByRole('button', { name: `Edit IVR ${salesMenu}`, exact: true }).click();
  const nodeEditor = page.getByRole('dialog', { name: 'Edit IVR' });
  await expect(nodeEditor.getByLabel('Description', { exact: true })).toHaveValue(salesMenu);
  await expect(flow).toHaveCount(0);
  await expect(page.getByRole('dialog')).toHaveCount(2);
  await expectAccessible(page, 'the Edit IVR dialog opened from the flowchart', { within: nodeEditor });
  await page.keyboard.press('Escape');
  await expect(nodeEditor).toHaveCount(0);
  await expect(flow).toBeVisible();
  await expect(flow.getByRole('button', { name: `Edit IVR ${salesMenu}`, exact: true })).toBeFocused();

  // A call pressing 2, then 1, goes through both menus to the Billing menu's key 1.
  const simulator = flow.getByRole('region', { name: 'Simulate a call' });
  await simulator.getByLabel('Keys to press', { exact: true }).fill('2 1');
  const steps = simulator.getByRole('list', { name: 'Simulated call steps' }).getByRole('listitem');
  await expect(steps.filter({ hasText: `${salesMenu}: pressed 2` })).toHaveCount(1);
  await expect(steps.filter({ hasText: 'Billing menu: pressed 1' })).toHaveCount(1);
  await expect(simulator.getByRole('status', { name: 'Simulated call end' })).toHaveText(/^(Destination plan|Voicemail) .+/);
  await expectAccessible(page, 'the Edit Service Plan flowchart dialog with a simulated call', { within: flow });

  // Clone: past the credits again, so the terms first; the copy is chosen.
  await flow.getByRole('button', { name: 'Clone', exact: true }).click();
  await acceptTerms(page, 'Clone');
  await expect(flow).toHaveCount(0);
  await expect(ivrSelect.locator('option:checked')).toHaveText(`${salesMenu} (copy)`);
});

test('the IVRs page lists every IVR with what uses it, and an IVR is edited from it', async ({ page }) => {
  await logIn(page, 'owner@demo.test');
  await sideMenu(page, 'Admin').getByRole('link', { name: 'IVRs', exact: true }).click();
  await expect(page).toHaveURL(/\/manage\/routing\/ivrs$/);
  await expectHeading(page, 'IVRs');

  // The demo's main menu answers the office-hours plan of its numbers and its website pool;
  // the billing menu is a child, reached from the main menu's key 2.
  const table = page.getByRole('table', { name: 'IVRs' });
  const row = (description: string) =>
    table.locator('tbody tr').filter({ has: page.getByRole('cell', { name: description, exact: true }) });
  await expect(row('Main menu')).toContainText('Top-level');
  await expect(row('Main menu')).toContainText('Website - Direct');
  await expect(row('Billing menu')).toContainText("Child (reached from another IVR's key)");
  await expectAccessible(page, 'the IVRs page');

  // The search finds an IVR by what uses it.
  await page.getByRole('searchbox').fill('Website - Direct');
  await expect(row('Main menu')).toHaveCount(1);
  await expect(row('Out of hours menu')).toHaveCount(0);
  await page.getByRole('searchbox').fill('');

  // The out-of-hours menu (no flow of the suite uses it) is renamed from its row, then named back.
  const renamed = `Out of hours menu ${unique()}`;
  for (const [from, to] of [
    ['Out of hours menu', renamed],
    [renamed, 'Out of hours menu'],
  ]) {
    await table.getByRole('button', { name: `Edit ${from}`, exact: true }).click();
    const editor = page.getByRole('dialog', { name: 'Edit IVR' });
    const description = editor.getByLabel('Description', { exact: true });
    await expect(description).toHaveValue(from);
    if (from === 'Out of hours menu') {
      await expectAccessible(page, 'the Edit IVR dialog opened from the IVRs page', { within: editor });
    }
    await description.fill(to);
    await editor.getByRole('button', { name: 'Update', exact: true }).click();
    await expect(editor).toHaveCount(0);
    await expect(page.getByText(`IVR '${to}' saved.`, { exact: true })).toBeVisible();
    await expect(row(to)).toContainText('Not used by any number yet');
    await expect(row(from)).toHaveCount(0);
  }
});

import { type Locator, type Page } from '@playwright/test';
import { E2E_NOW } from './clock';
import { expect, test } from './fixtures';
import { PASSWORD, expectAccessible, expectHeading, logIn, unique, showAllRoutingRows } from './helpers';

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

/** A small mono 16-bit PCM WAV file: RIFF/WAVE header and a short tone. */
function wavFile(samples = 800): Buffer {
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++) data.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 440 * i) / 8000) * 8000), i * 2);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(8000, 24);
  header.writeUInt32LE(16000, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

test('an owner builds a working-hours plan, checks it, and assigns it to three numbers with shift-click', async ({ page }) => {
  // A long walk (two dialogs, two axe checks, 312 rows listed twice): 27 s on an idle machine,
  // past the default 30 s on a busy one.
  test.slow();
  await logIn(page, 'owner@demo.test', '/manage/routing');
  await expectHeading(page, 'Call routing');
  await showAllRoutingRows(page);

  // A static number routed by a service plan (the routing column names a plan, not a number).
  const planned = (await listCells(page)).filter(
    (cells) => cells[TYPE] === 'Static' && cells[DESCRIPTION] !== '' && cells[ROUTING] !== '' && !isDigits(cells[ROUTING]),
  );
  expect(planned.length, 'static numbers with a service plan').toBeGreaterThanOrEqual(3);
  const numbers = planned.slice(0, 3).map((cells) => cells[NUMBER]);
  for (const number of numbers) {
    await routingTable(page).getByRole('checkbox', { name: `Select ${number}`, exact: true }).check();
  }
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page).toHaveURL(/\/manage\/routing\/numbers\/advanced$/);

  const rows = page.getByRole('table', { name: 'Selected numbers and pools' }).locator('tbody tr');
  await expect(rows).toHaveCount(3);
  const row = rows.first();
  const planSelect = row.getByRole('combobox', { name: /^Service plan for / });
  const planSelectOf = (i: number) => rows.nth(i).getByRole('combobox', { name: /^Service plan for / });
  await expect(planSelect).toBeEnabled();

  // Rows 1 to 3 by a click and a shift-click: the plan chosen on one is copied to the others.
  const rowCheckbox = (i: number) => rows.nth(i).getByRole('checkbox', { name: /^Select / });
  await rowCheckbox(0).click();
  await rowCheckbox(2).click({ modifiers: ['Shift'] });
  for (const i of [0, 1, 2]) await expect(rowCheckbox(i)).toBeChecked();
  await row.getByRole('button', { name: 'Add service plan', exact: true }).click();

  const dialog = page.getByRole('dialog', { name: 'Add service plan' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Working hours', exact: true }).click();

  const hours = page.getByRole('dialog', { name: 'Working hours' });
  for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']) {
    await hours.getByRole('checkbox', { name: day, exact: true }).check();
  }
  await hours.getByLabel('Start time', { exact: true }).fill('09:00');
  await hours.getByLabel('End time', { exact: true }).fill('17:30');
  await hours.getByRole('combobox', { name: 'Destination plan for open hours' }).selectOption({ label: 'Reception' });
  await hours.getByRole('combobox', { name: 'Destination plan for closed hours' }).selectOption({ label: 'Out of hours' });
  await expectAccessible(page, 'the Working hours dialog', { within: hours });
  await hours.getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(hours).toHaveCount(0);

  // Mon-Fri open and closed rows, then the weekend: eleven rows and no gaps.
  await expect(dialog.getByRole('table', { name: 'Time of day rows' }).locator('tbody tr')).toHaveCount(11);
  await expect(dialog.getByText('No gaps or overlaps: every minute of the week goes to exactly one row.')).toBeVisible();
  await expect(dialog.getByRole('list', { name: 'Gaps and overlaps' })).toHaveCount(0);

  // A Wednesday morning in summer: the open-hours row, in British Summer Time.
  await dialog.getByLabel('Date and time', { exact: true }).fill('2025-07-16T10:00');
  await expect(dialog.getByRole('status', { name: 'Where the call goes' })).toHaveText(
    "Wednesday 10:00 BST: row 6, destination plan 'Reception'",
  );
  await expectAccessible(page, 'the Add service plan dialog with a week grid and a call path', { within: dialog });

  const description = `Surgery hours ${unique()}`;
  await dialog.getByLabel('Description', { exact: true }).fill(description);
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(dialog).toHaveCount(0);

  // The selector takes the new plan, lists it once, and the other selected rows follow.
  await expect(planSelect.locator('option:checked')).toHaveText(description);
  await expect(planSelect.locator('option', { hasText: description })).toHaveCount(1);
  for (const i of [1, 2]) await expect(planSelectOf(i).locator('option:checked')).toHaveText(description);

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(/\/manage\/routing$/);
  await expect(page.getByText('Success! The numbers will be provisioned shortly.')).toBeVisible();

  // Stored: after a reload the three numbers show the new plan.
  await page.reload();
  await expectHeading(page, 'Call routing');
  await showAllRoutingRows(page);
  for (const number of numbers) {
    const listed = routingTable(page)
      .locator('tbody tr')
      .filter({ has: page.getByRole('checkbox', { name: `Select ${number}`, exact: true }) });
    await expect(listed.locator('td').nth(ROUTING)).toHaveText(description);
  }
});

/** The Add service plan dialog, opened from the advanced page of a number a service plan routes. */
async function addServicePlan(page: Page) {
  await logIn(page, 'owner@demo.test', '/manage/routing');
  await expectHeading(page, 'Call routing');
  await showAllRoutingRows(page);
  const planned = (await listCells(page)).filter(
    (cells) => cells[TYPE] === 'Static' && cells[DESCRIPTION] !== '' && cells[ROUTING] !== '' && !isDigits(cells[ROUTING]),
  );
  const number = planned[0][NUMBER];
  await routingTable(page).getByRole('checkbox', { name: `Select ${number}`, exact: true }).check();
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page).toHaveURL(/\/manage\/routing\/numbers\/advanced$/);
  const row = page.getByRole('table', { name: 'Selected numbers and pools' }).locator('tbody tr').first();
  const planSelect = row.getByRole('combobox', { name: /^Service plan for / });
  await expect(planSelect).toBeEnabled();
  await row.getByRole('button', { name: 'Add service plan', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Add service plan' });
  await expect(dialog).toBeVisible();
  return { dialog, row, planSelect };
}

test("an owner gives a plan a Christmas closure and England and Wales' bank holidays, kept after a save", async ({ page }) => {
  test.slow();
  const year = E2E_NOW.getUTCFullYear();
  const { dialog, row, planSelect } = await addServicePlan(page);
  const description = `Holiday hours ${unique()}`;
  await dialog.getByLabel('Description', { exact: true }).first().fill(description);
  await dialog.getByRole('combobox', { name: 'Destination plan, row 1', exact: true }).selectOption({ label: 'Reception' });

  // The closure first: the bank holidays then skip Christmas Day, which it covers.
  await dialog.getByRole('button', { name: 'Add exception', exact: true }).click();
  const closure = dialog.getByRole('group', { name: 'Exception 1', exact: true });
  await expect(closure.getByLabel('First day', { exact: true })).toBeFocused();
  await closure.getByLabel('First day', { exact: true }).fill(`${year}-12-24`);
  await closure.getByLabel('Last day', { exact: true }).fill(`${year}-12-26`);
  await closure.getByLabel('Description', { exact: true }).fill('Christmas closure');
  await closure.getByRole('combobox', { name: 'Destination plan', exact: true }).selectOption({ label: 'Out of hours' });

  const holidays = dialog.getByRole('group', { name: 'Add bank holidays', exact: true });
  await holidays.getByLabel('Calendar', { exact: true }).selectOption({ label: 'England and Wales' });
  await holidays.getByLabel('Year', { exact: true }).selectOption({ label: String(year) });
  await expect(holidays.getByRole('combobox', { name: 'Destination plan', exact: true }).locator('option:checked')).toHaveText(
    'Reception',
  );
  await holidays.getByRole('button', { name: 'Add bank holidays', exact: true }).click();
  await expect(holidays.getByRole('status')).toHaveText(/^\d+ bank holidays added\.$/);
  const added = Number((await holidays.getByRole('status').innerText()).split(' ')[0]);
  expect(added, 'the bank holidays not covered by the closure').toBeGreaterThanOrEqual(6);
  const exceptions = dialog.getByRole('group', { name: /^Exception \d+$/ });
  await expect(exceptions).toHaveCount(added + 1);
  await expect(dialog.getByRole('list', { name: 'Upcoming dated exceptions' })).toContainText(
    `24/12/${year} to 26/12/${year}: Christmas closure → Out of hours`,
  );

  await dialog.getByLabel('Date and time', { exact: true }).fill(`${year}-12-24T10:00`);
  await expect(dialog.getByRole('status', { name: 'Where the call goes' })).toContainText(
    "the dated exception 'Christmas closure' answers, destination plan 'Out of hours'",
  );
  await expectAccessible(page, 'the service plan dialog with dated exceptions', { within: dialog });
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect(planSelect.locator('option:checked')).toHaveText(description);

  // Reopened from the server: the closure and the bank holidays are kept.
  await row.getByRole('button', { name: 'Edit service plan', exact: true }).click();
  const edit = page.getByRole('dialog', { name: 'Edit service plan' });
  await expect(edit.getByRole('group', { name: /^Exception \d+$/ })).toHaveCount(added + 1);
  const kept = edit.getByRole('group', { name: 'Exception 1', exact: true });
  await expect(kept.getByLabel('Description', { exact: true })).toHaveValue('Christmas closure');
  await expect(kept.getByLabel('First day', { exact: true })).toHaveValue(`${year}-12-24`);
  await expect(kept.getByLabel('Last day', { exact: true })).toHaveValue(`${year}-12-26`);
  await expect(kept.getByRole('combobox', { name: 'Destination plan', exact: true }).locator('option:checked')).toHaveText(
    'Out of hours',
  );
  await edit.getByLabel('Date and time', { exact: true }).fill(`${year}-12-25T10:00`);
  await expect(edit.getByRole('status', { name: 'Where the call goes' })).toContainText("'Christmas closure' answers");
  await edit.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(edit).toHaveCount(0);
});

test('an owner closes a plan from 13:00 on Christmas Eve, only those hours, kept after a save', async ({ page }) => {
  test.slow();
  const year = E2E_NOW.getUTCFullYear();
  const { dialog, row, planSelect } = await addServicePlan(page);
  const description = `Early close ${unique()}`;
  await dialog.getByLabel('Description', { exact: true }).first().fill(description);
  await dialog.getByRole('combobox', { name: 'Destination plan, row 1', exact: true }).selectOption({ label: 'Reception' });

  await dialog.getByRole('button', { name: 'Add exception', exact: true }).click();
  const eve = dialog.getByRole('group', { name: 'Exception 1', exact: true });
  await eve.getByLabel('First day', { exact: true }).fill(`${year}-12-24`);
  await eve.getByLabel('Description', { exact: true }).fill('Christmas Eve');
  await eve.getByRole('combobox', { name: 'Destination plan', exact: true }).selectOption({ label: 'Out of hours' });
  await expect(eve.getByRole('radio', { name: 'All day', exact: true })).toBeChecked();
  await eve.getByRole('radio', { name: 'Between times', exact: true }).check();
  await eve.getByRole('combobox', { name: 'From', exact: true }).selectOption('13:00');
  await expect(eve.getByRole('combobox', { name: 'Until', exact: true }).locator('option:checked')).toHaveText(
    '24:00 (midnight)',
  );
  await expect(dialog.getByRole('list', { name: 'Upcoming dated exceptions' })).toContainText(
    `24/12/${year} 13:00-24:00: Christmas Eve → Out of hours`,
  );

  const moment = dialog.getByLabel('Date and time', { exact: true });
  const answer = dialog.getByRole('status', { name: 'Where the call goes' });
  await moment.fill(`${year}-12-24T14:00`);
  await expect(answer).toContainText("the dated exception 'Christmas Eve' answers, destination plan 'Out of hours'");
  await moment.fill(`${year}-12-24T12:00`);
  await expect(answer).toContainText("12:00 GMT: row 1, destination plan 'Reception'");
  await expectAccessible(page, 'an exception between two times at 1280 px', { within: dialog });
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page, 'an exception between two times at 390 px', { within: dialog });
  await page.setViewportSize({ width: 1280, height: 800 });
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect(planSelect.locator('option:checked')).toHaveText(description);

  await row.getByRole('button', { name: 'Edit service plan', exact: true }).click();
  const edit = page.getByRole('dialog', { name: 'Edit service plan' });
  const kept = edit.getByRole('group', { name: 'Exception 1', exact: true });
  await expect(kept.getByRole('radio', { name: 'Between times', exact: true })).toBeChecked();
  await expect(kept.getByRole('combobox', { name: 'From', exact: true }).locator('option:checked')).toHaveText('13:00');
  await expect(kept.getByRole('combobox', { name: 'Until', exact: true }).locator('option:checked')).toHaveText(
    '24:00 (midnight)',
  );
  await edit.getByLabel('Date and time', { exact: true }).fill(`${year}-12-24T14:00`);
  await expect(edit.getByRole('status', { name: 'Where the call goes' })).toContainText("'Christmas Eve' answers");
  await edit.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(edit).toHaveCount(0);
});

test('an owner uploads a WAV file to the audio list and deletes it with the password', async ({ page }) => {
  await logIn(page, 'owner@demo.test', '/manage/routing/audio');
  await expectHeading(page, 'Audio');
  const audio = page.getByRole('region', { name: 'Audio' });
  const table = audio.getByRole('table', { name: 'Audio' });
  await expect(table).toBeVisible();
  await expectAccessible(page, 'the Audio page');

  const description = `Test tone ${unique()}`;
  await audio.getByRole('button', { name: 'Add audio', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Add audio' });
  await dialog.getByLabel('Description', { exact: true }).fill(description);
  await dialog.getByLabel('Audio file', { exact: true }).setInputFiles({
    name: 'test-tone.wav',
    mimeType: 'audio/wav',
    buffer: wavFile(),
  });
  await expect(dialog.getByLabel('Text to speech', { exact: true })).toBeDisabled();
  await expectAccessible(page, 'the Add audio dialog', { within: dialog });
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(dialog).toHaveCount(0);

  await audio.getByRole('searchbox', { name: 'Search' }).fill(description);
  const row = table.locator('tbody tr').filter({ hasText: description });
  await expect(row).toHaveCount(1);

  await row.getByRole('checkbox', { name: `Select ${description}`, exact: true }).check();
  await audio.getByRole('button', { name: 'Delete selected', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete audio' });
  await confirm.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await expectAccessible(page, 'the Delete audio password dialog', { within: confirm });
  await confirm.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(confirm).toHaveCount(0);

  await expect(page.getByText('The selected audio has been deleted.')).toBeVisible();
  await expectAccessible(page, 'the Audio page with a success message');
  await expect(table.locator('tbody tr').filter({ hasText: description })).toHaveCount(0);
  await page.reload();
  await expectHeading(page, 'Audio');
  await page.getByRole('region', { name: 'Audio' }).getByRole('searchbox', { name: 'Search' }).fill(description);
  await expect(page.getByRole('table', { name: 'Audio' })).toContainText('No audio found.');
});

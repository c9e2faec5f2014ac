import { type Locator, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectAccessible, expectHeading, logIn, showAllRoutingRows, unique } from './helpers';

// The routing list's columns: select, Number / pool, Type, Description, Destination / service plan.
const NUMBER = 1;
const ROUTING = 4;

/** A Monday morning of the week before the fixed clock (e2e/clock.ts), in the account's zone. */
const MOMENT = '2026-11-16T10:00';

function routingTable(page: Page): Locator {
  return page.getByRole('table', { name: 'Call routing' });
}

/** Opens the "Office hours" plan's editor from a number that uses it. */
async function openOfficeHours(page: Page): Promise<Locator> {
  await page.goto('/manage/routing');
  await expectHeading(page, 'Call routing');
  await showAllRoutingRows(page);
  const cells = await routingTable(page)
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) => Array.from((row as HTMLTableRowElement).cells, (cell) => cell.innerText.trim())),
    );
  const number = cells.find((row) => row[ROUTING] === 'Office hours')?.[NUMBER];
  expect(number, 'a number on Office hours').toBeTruthy();
  await routingTable(page).getByRole('checkbox', { name: `Select ${number}`, exact: true }).check();
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page).toHaveURL(/\/manage\/routing\/numbers\/advanced$/);
  const row = page.getByRole('table', { name: 'Selected numbers and pools' }).locator('tbody tr').first();
  await expect(row.getByRole('combobox', { name: /^Service plan for / }).locator('option:checked')).toHaveText('Office hours');
  await row.getByRole('button', { name: 'Edit service plan', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit service plan' });
  await expect(dialog.getByLabel('Description', { exact: true })).toHaveValue('Office hours');
  return dialog;
}

async function whereTheCallGoes(dialog: Locator): Promise<string> {
  await dialog.getByLabel('Date and time', { exact: true }).fill(MOMENT);
  const answer = dialog.getByRole('status', { name: 'Where the call goes' });
  await expect(answer).toContainText('Monday 10:00');
  return (await answer.innerText()).trim();
}

test('an owner sees the impact of an edit, finds it in the routing history and rolls it back', { tag: '@pg' }, async ({ page }) => {
  // A long flow through two editors and three axe runs.
  test.slow();
  await logIn(page, 'owner@demo.test', '/manage/routing');
  let dialog = await openOfficeHours(page);
  const impact = dialog.getByRole('region', { name: "Impact on last week's calls" });
  await expect(impact.getByRole('status')).toHaveText(/^(\d+ of \d+ calls? would have gone elsewhere|No calls to replay)$/);

  const before = await whereTheCallGoes(dialog);
  expect(before).toContain("'Reception'");
  const row = Number(/row (\d+)/.exec(before)?.[1]);
  expect(row, 'the row the moment falls in').toBeGreaterThan(0);

  // The Monday daytime row now goes to 'Out of hours': last week's Monday calls move.
  await dialog.getByRole('combobox', { name: `Destination plan, row ${row}`, exact: true }).selectOption({ label: 'Out of hours' });
  await expect(impact.getByRole('status')).toHaveText(/^[1-9]\d* of \d+ calls? would have gone elsewhere$/);
  await expect(impact.getByRole('list', { name: 'Biggest moves' }).getByRole('listitem').first()).toContainText(
    'from Reception to Out of hours',
  );
  expect(await whereTheCallGoes(dialog)).toContain("'Out of hours'");
  await expectAccessible(page, 'the Edit service plan dialog with its impact', { within: dialog });

  await dialog.getByRole('button', { name: 'Update', exact: true }).click();
  // Office hours serves other numbers too: the editor asks first.
  await page.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Update', exact: true }).click();
  await expect(dialog).toHaveCount(0);

  // The history, in plain words.
  await page.goto('/manage/routing');
  await page.getByRole('link', { name: 'Routing history', exact: true }).click();
  await expect(page).toHaveURL(/\/manage\/routing\/history$/);
  await expectHeading(page, 'Routing history');
  const history = page.getByRole('table', { name: 'Routing history' });
  const change = history
    .locator('tbody tr')
    .filter({ hasText: 'Office hours' })
    .filter({ hasText: "now goes to 'Out of hours' instead of 'Reception'" })
    .first();
  await expect(change).toBeVisible();
  await expect(change).toContainText('Service plan');
  await expect(change).toContainText('23/11/2026 ');
  await expectAccessible(page, 'the Routing history page');

  await change.getByRole('button', { name: /^Roll back/ }).click();
  const rollback = page.getByRole('dialog', { name: 'Roll back change' });
  await expect(rollback.getByRole('list', { name: 'What will change back' })).toContainText(
    "now goes to 'Reception' instead of 'Out of hours'",
  );
  await expect(rollback.getByRole('region', { name: "Impact on last week's calls" })).toBeVisible();
  await expectAccessible(page, 'the Roll back change dialog', { within: rollback });
  await rollback.getByRole('button', { name: 'Roll back', exact: true }).click();
  await expect(rollback).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: 'The change has been rolled back.' })).toBeVisible();
  await expect(history.locator('tbody tr').first()).toContainText(/Rollback/);

  // The call path answers as before the edit.
  dialog = await openOfficeHours(page);
  expect(await whereTheCallGoes(dialog)).toBe(before);
});

test('an owner changes a voicemail greeting, finds it in its history in plain words and rolls it back', async ({ page }) => {
  test.slow();
  await logIn(page, 'owner@demo.test', '/manage/routing/audio');
  await expectHeading(page, 'Audio');
  const voicemails = page.getByRole('region', { name: 'Voicemail' });
  const description = `E2E box ${unique()}`;
  await voicemails.getByRole('button', { name: 'Add voicemail', exact: true }).click();
  const add = page.getByRole('dialog', { name: 'Add voicemail' });
  await add.getByLabel('Description', { exact: true }).fill(description);
  const greeting = (dialog: Locator) => dialog.getByRole('combobox', { name: 'Greeting audio', exact: true });
  await expect(greeting(add)).toBeEnabled();
  const audios = await greeting(add).locator('option:not([value=""]):not([value="0"])').allInnerTexts();
  expect(audios.length, 'two audios to choose from').toBeGreaterThanOrEqual(2);
  const [first, second] = audios.map((name) => name.trim());
  await greeting(add).selectOption({ label: first });
  await add.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(add).toHaveCount(0);

  const edit = page.getByRole('dialog', { name: 'Edit voicemail' });
  await voicemails.getByRole('button', { name: `Edit ${description}`, exact: true }).click();
  await expect(greeting(edit).locator('option:checked')).toHaveText(first);
  await greeting(edit).selectOption({ label: second });
  await edit.getByRole('button', { name: 'Update', exact: true }).click();
  await expect(edit).toHaveCount(0);

  // The voicemail's own history, from its editor.
  await voicemails.getByRole('button', { name: `Edit ${description}`, exact: true }).click();
  await expect(greeting(edit).locator('option:checked')).toHaveText(second);
  await expectAccessible(page, 'the Edit voicemail dialog with its History link', { within: edit });
  await edit.getByRole('link', { name: 'History', exact: true }).click();
  await expect(page).toHaveURL(/\/manage\/routing\/history\?kind=voicemail&record=\d+$/);
  await expectHeading(page, 'Routing history');
  const rows = page.getByRole('table', { name: 'Routing history' }).locator('tbody tr');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText(`The greeting of '${description}' is now '${second}' instead of '${first}'.`);
  await expect(rows.nth(0)).toContainText('Voicemail');
  await expect(rows.nth(1)).toContainText(`Voicemail '${description}' created.`);
  await expectAccessible(page, "the Routing history of a voicemail");

  await rows.nth(0).getByRole('button', { name: /^Roll back/ }).click();
  const rollback = page.getByRole('dialog', { name: 'Roll back change' });
  await expect(rollback.getByRole('list', { name: 'What will change back' })).toContainText(
    `The greeting of '${description}' is now '${first}' instead of '${second}'.`,
  );
  await rollback.getByRole('button', { name: 'Roll back', exact: true }).click();
  await expect(rollback).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: 'The change has been rolled back.' })).toBeVisible();
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toContainText(/Rollback/);

  // The voicemail greets with the first audio again.
  await page.goto('/manage/routing/audio');
  await expectHeading(page, 'Audio');
  await voicemails.getByRole('button', { name: `Edit ${description}`, exact: true }).click();
  await expect(greeting(edit).locator('option:checked')).toHaveText(first);
});

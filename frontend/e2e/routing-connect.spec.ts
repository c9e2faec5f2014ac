import { readFileSync } from 'node:fs';
import { type Locator, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectAccessible, expectHeading, logIn, showAllRoutingRows } from './helpers';

const SUCCESS = 'Success! The numbers will be provisioned shortly.';

// The routing list's columns: select, Number / pool, Type, Description,
// Destination / service plan, Recording, Status.
const NUMBER = 1;
const TYPE = 2;
const DESCRIPTION = 3;
const ROUTING = 4;

function routingTable(page: Page): Locator {
  return page.getByRole('table', { name: 'Call routing' });
}

function connectTable(page: Page): Locator {
  return page.getByRole('table', { name: 'Selected numbers and pools' });
}

/** How many rows the toolbar says match. */
async function recordCount(page: Page): Promise<number> {
  return Number((await page.getByText(/^\d+ record\(s\)$/).innerText()).split(' ')[0]);
}

/** The list with every row on one page (once the server has sent them all). */
const openList = showAllRoutingRows;

/** The cell texts of every shown row of the routing list. */
async function listCells(page: Page): Promise<string[][]> {
  return routingTable(page)
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) => Array.from((row as HTMLTableRowElement).cells, (cell) => cell.innerText.trim())),
    );
}

function listRow(page: Page, number: string): Locator {
  return routingTable(page)
    .locator('tbody tr')
    .filter({ has: page.getByRole('checkbox', { name: `Select ${number}`, exact: true }) });
}

async function select(page: Page, numbers: string[]): Promise<void> {
  for (const number of numbers) {
    await routingTable(page).getByRole('checkbox', { name: `Select ${number}`, exact: true }).check();
  }
  await expect(page.getByText(`${numbers.length} selected`)).toBeVisible();
}

const isDigits = (text: string) => /^\+?\d+$/.test(text.replace(/\s/g, ''));

test('an owner connects two static numbers to destinations', async ({ page }) => {
  await logIn(page, 'owner@demo.test', '/manage/routing');
  await expectHeading(page, 'Call routing');
  await openList(page);

  // Two static numbers on basic routing (no service plan), with a description.
  const basic = (await listCells(page)).filter(
    (cells) =>
      cells[TYPE] === 'Static' && cells[DESCRIPTION] !== '' && (cells[ROUTING] === '' || isDigits(cells[ROUTING])),
  );
  expect(basic.length).toBeGreaterThanOrEqual(2);
  const numbers = [basic[0][NUMBER], basic[1][NUMBER]];
  const destinations = ['01614960999', '02079460999'];
  // As every screen writes numbers (the domain's UK format).
  const shown = ['0161 496 0999', '020 7946 0999'];

  // Find each by search; the selection survives a new search.
  for (const number of numbers) {
    await page.getByRole('searchbox', { name: 'Search' }).fill(number);
    await expect(listRow(page, number)).toBeVisible();
    await listRow(page, number).getByRole('checkbox').check();
  }
  await expect(page.getByText('2 selected')).toBeVisible();
  await expectAccessible(page, 'the call routing list with two numbers selected');
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page).toHaveURL(/\/manage\/routing\/numbers$/);
  await expect(connectTable(page)).toBeVisible();

  for (const [i, number] of numbers.entries()) {
    await page.getByRole('textbox', { name: `Destination for ${number}`, exact: true }).fill(destinations[i]);
  }
  await expectAccessible(page, 'the basic connect page');
  await page.getByRole('button', { name: 'Connect', exact: true }).click();

  await expect(page).toHaveURL(/\/manage\/routing$/);
  await expect(page.getByText(SUCCESS)).toBeVisible();

  await page.reload();
  await expectHeading(page, 'Call routing');
  await openList(page);
  for (const [i, number] of numbers.entries()) {
    await expect(listRow(page, number).locator('td').nth(ROUTING)).toHaveText(shown[i]);
  }
  // The success message is shown once, not again after a reload.
  await expect(page.getByText(SUCCESS)).toHaveCount(0);
});

test('an owner changes the service plan of three numbers at once on the advanced page', async ({ page }) => {
  await logIn(page, 'owner@demo.test', '/manage/routing');
  await expectHeading(page, 'Call routing');
  await openList(page);

  // Three numbers routed by a service plan (the routing column names a plan, not a number).
  const planned = (await listCells(page)).filter(
    (cells) => cells[TYPE] === 'Static' && cells[DESCRIPTION] !== '' && cells[ROUTING] !== '' && !isDigits(cells[ROUTING]),
  );
  expect(planned.length).toBeGreaterThanOrEqual(3);
  const numbers = planned.slice(0, 3).map((cells) => cells[NUMBER]);

  await select(page, numbers);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page).toHaveURL(/\/manage\/routing\/numbers\/advanced$/);

  const rows = connectTable(page).locator('tbody tr');
  await expect(rows).toHaveCount(3);
  const rowCheckbox = (i: number) => rows.nth(i).getByRole('checkbox', { name: /^Select / });
  const planSelect = (i: number) => rows.nth(i).getByRole('combobox', { name: /^Service plan for / });

  // Rows 1..3 by a click and a shift-click.
  await rowCheckbox(0).click();
  await rowCheckbox(2).click({ modifiers: ['Shift'] });
  for (const i of [0, 1, 2]) await expect(rowCheckbox(i)).toBeChecked();
  await expectAccessible(page, 'the advanced connect page with rows selected');

  // The wide table says that more columns are to the right, until they are scrolled into view.
  const hint = page.getByText('More columns to the right: scroll sideways');
  await expect(hint).toBeVisible();
  const scroller = page.getByRole('region', { name: 'Selected numbers and pools, scrolls sideways' });
  await scroller.evaluate((node) => node.scrollTo({ left: node.scrollWidth }));
  await expect(hint).toHaveCount(0);
  await scroller.evaluate((node) => node.scrollTo({ left: 0 }));

  // Another existing plan than the first row's (not '-- Disconnect --').
  await expect(planSelect(0).locator('option')).not.toHaveCount(1);
  const current = await planSelect(0).inputValue();
  const options = await planSelect(0)
    .locator('option')
    .evaluateAll((items) => items.map((o) => ({ value: (o as HTMLOptionElement).value, label: o.textContent ?? '' })));
  const other = options.find((o) => o.value !== current && o.value !== '0' && !o.label.startsWith('Unknown'));
  expect(other, 'a second service plan exists').toBeTruthy();
  await planSelect(0).selectOption(other!.value);
  for (const i of [0, 1, 2]) await expect(planSelect(i)).toHaveValue(other!.value);

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(/\/manage\/routing$/);
  await expect(page.getByText(SUCCESS)).toBeVisible();

  await page.reload();
  await expectHeading(page, 'Call routing');
  await openList(page);
  for (const number of numbers) {
    await expect(listRow(page, number).locator('td').nth(ROUTING)).toHaveText(other!.label);
  }
});

// Starter's Upgrade chip on the advanced page, and the upgrade it opens, are in purchase.spec.ts.

test('the list is paged, searched, sorted and exported by the server; a selection holds across pages', async ({ page }) => {
  await logIn(page, 'owner@demo.test', '/manage/routing');
  await expectHeading(page, 'Call routing');
  await expect(routingTable(page)).not.toHaveAttribute('aria-busy');
  const total = await recordCount(page);
  expect(total, 'the demo owner has hundreds of numbers').toBeGreaterThan(200);
  await page.getByRole('combobox', { name: 'Rows per page' }).selectOption('10');
  await expect(routingTable(page).locator('tbody tr')).toHaveCount(10);
  const first = (await listCells(page))[0][NUMBER];
  await select(page, [first]);

  await page.getByRole('button', { name: 'Go to page 2' }).click();
  await expect(page.getByText(`11–20 of ${total}`)).toBeVisible();
  // The footer moves at once; the rows when the server's page arrives.
  await expect(routingTable(page).locator('tbody tr').first().locator('td').nth(NUMBER)).not.toHaveText(first);
  const second = (await listCells(page))[0][NUMBER];
  await routingTable(page).getByRole('checkbox', { name: `Select ${second}`, exact: true }).check();
  await expect(page.getByText('2 selected')).toBeVisible();

  // Sorting by number the other way starts again from the first page, from the other end.
  await routingTable(page).getByRole('button', { name: /Number \/ pool/ }).click();
  await expect(page.getByText(`1–10 of ${total}`)).toBeVisible();
  await expect(routingTable(page).locator('tbody tr').first().locator('td').nth(NUMBER)).not.toHaveText(first);

  // A search for a pool's kind finds the 12 pools, and the export holds just those.
  await page.getByRole('searchbox', { name: 'Search' }).fill('dynamic pool');
  await expect(page.getByText('12 record(s)')).toBeVisible();
  await expect(page.getByText('2 selected')).toBeVisible();
  await expectAccessible(page, 'the call routing list searched on the server');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/_call_routing\.csv$/);
  const lines = readFileSync(await file.path(), 'utf8').replace(/^\uFEFF/, '').trim().split('\r\n');
  expect(lines[0]).toBe('"Type","Number / pool","Description","Destination","Service plan","Recording"');
  expect(lines).toHaveLength(13);
  expect(lines.slice(1).every((line) => line.startsWith('"Dynamic pool",'))).toBe(true);
});

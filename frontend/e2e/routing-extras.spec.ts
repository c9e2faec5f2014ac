import { type Locator, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectAccessible, expectHeading, logIn, unique, showAllRoutingRows } from './helpers';

// The routing list's columns: select, Number / pool, Type, Description,
// Destination / service plan, Recording, Status.
const NUMBER = 1;
const TYPE = 2;

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

/** Selects the first dynamic pool of the routing list and opens it on the advanced connect page. */
async function openPoolOnAdvancedPage(page: Page): Promise<{ row: Locator; pool: string }> {
  await logIn(page, 'owner@demo.test', '/manage/routing');
  await expectHeading(page, 'Call routing');
  await showAllRoutingRows(page);
  const pools = (await listCells(page)).filter((cells) => cells[TYPE] === 'Dynamic pool');
  expect(pools.length, 'a dynamic pool').toBeGreaterThanOrEqual(1);
  const pool = pools[0][NUMBER];
  await routingTable(page).getByRole('checkbox', { name: `Select ${pool}`, exact: true }).check();
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  // A pool with only basic features opens the basic page; the selection stays for the advanced one.
  await expect(page).toHaveURL(/\/manage\/routing\/numbers(\/advanced)?$/);
  if (!page.url().endsWith('/advanced')) await page.goto('/manage/routing/numbers/advanced');
  await expect(page).toHaveURL(/\/manage\/routing\/numbers\/advanced$/);
  const rows = page.getByRole('table', { name: 'Selected numbers and pools' }).locator('tbody tr');
  await expect(rows).toHaveCount(1);
  return { row: rows.first(), pool };
}

test('an owner adds a dynamic whisper for a pool, plays it, and the pool takes it', async ({ page }) => {
  const { row, pool } = await openPoolOnAdvancedPage(page);
  const select = row.getByRole('combobox', { name: `Dynamic whisper for ${pool}`, exact: true });
  await expect(select).toBeEnabled();

  await row.getByRole('button', { name: 'Add dynamic whisper', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Add dynamic whisper' });
  const whisper = dialog.getByRole('textbox', { name: 'Whisper for google / cpc', exact: true });
  await expect(whisper).toBeVisible();

  // Play with no text is refused by the domain rule, without asking the server.
  await dialog.getByRole('button', { name: 'Play whisper for google / cpc', exact: true }).click();
  await expect(dialog.getByText('Please input the dynamic whisper text.')).toBeVisible();
  await expectAccessible(page, 'the Add dynamic whisper dialog with an error', { within: dialog });

  const description = `E2E whisper ${unique()}`;
  await dialog.getByLabel('Description', { exact: true }).fill(description);
  await whisper.fill('Caller from a Google Ads click');
  await expect(dialog.getByText('Please input the dynamic whisper text.')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Play whisper for google / cpc', exact: true }).click();
  const audio = dialog.locator('audio');
  await expect(audio).toHaveCount(1, { timeout: 20_000 });
  await expect(audio).toHaveAttribute('src', /^data:audio\/mpeg;base64,.{100,}/);
  await expect(dialog.getByText('Something went wrong. Please try again.')).toHaveCount(0);

  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect(select.locator('option:checked')).toHaveText(description);

  // Opened again, the whisper keeps its text for google / cpc only.
  await row.getByRole('button', { name: 'Edit dynamic whisper', exact: true }).click();
  const edit = page.getByRole('dialog', { name: 'Edit dynamic whisper' });
  await expect(edit.getByLabel('Description', { exact: true })).toHaveValue(description);
  await expect(edit.getByRole('textbox', { name: 'Whisper for google / cpc', exact: true })).toHaveValue(
    'Caller from a Google Ads click',
  );
  await expect(edit.getByRole('textbox', { name: 'Whisper for bing / cpc', exact: true })).toHaveValue('');
  await edit.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(edit).toHaveCount(0);
});

test('an owner creates an in-call attribution plan from a destination plan dialog', async ({ page }) => {
  const { row } = await openPoolOnAdvancedPage(page);
  await row.getByRole('button', { name: 'Add service plan', exact: true }).click();
  const planDialog = page.getByRole('dialog', { name: 'Add service plan' });
  await expect(planDialog).toBeVisible();
  await expectAccessible(page, 'the Add service plan dialog, empty', { within: planDialog });
  await planDialog.getByRole('button', { name: 'Add destination plan', exact: true }).first().click();

  const destination = page.getByRole('dialog', { name: 'Add destination plan' });
  const inCall = destination.getByRole('combobox', { name: 'In-call attribution', exact: true });
  await expect(inCall).toBeEnabled();
  await expectAccessible(page, 'the Add destination plan dialog', { within: destination });
  await destination.getByRole('button', { name: 'Add attribution plan', exact: true }).click();

  const create = page.getByRole('dialog', { name: 'Create attribution plan' });
  await expect(create.getByRole('switch', { name: 'Active', exact: true })).toBeChecked();
  // Saving with nothing typed shows the domain's messages.
  await create.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(create.getByText('Description is required.')).toBeVisible();
  await expect(create.getByText('Transfer type is required.')).toBeVisible();
  await expectAccessible(page, 'the Create attribution plan dialog with errors', { within: create });

  const description = `E2E attribution ${unique()}`;
  await create.getByLabel('Description', { exact: true }).fill(description);
  await create.getByLabel('Transfer type', { exact: true }).selectOption({ label: "Caller's telephone number" });
  await create.getByLabel('Terminator', { exact: true }).selectOption({ label: '#' });
  await create.getByLabel('Delay before', { exact: true }).selectOption({ label: '2 seconds' });
  await create.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(create).toHaveCount(0);
  await expect(inCall.locator('option:checked')).toHaveText(description);

  // Edit shows it back with its values, offering Update and Save as new.
  await destination.getByRole('button', { name: 'Edit attribution plan', exact: true }).click();
  const edit = page.getByRole('dialog', { name: 'Edit attribution plan' });
  await expect(edit.getByLabel('Description', { exact: true })).toHaveValue(description);
  await expect(edit.getByLabel('Transfer type', { exact: true })).toHaveValue('2');
  await expect(edit.getByLabel('Delay before', { exact: true })).toHaveValue('2');
  await expect(edit.getByRole('button', { name: 'Save as new', exact: true })).toBeVisible();
  // Saved as new under the same description, the domain refuses it as taken.
  await edit.getByRole('button', { name: 'Save as new', exact: true }).click();
  await expect(edit.getByText('Description must be unique.')).toBeVisible();
  await edit.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(edit).toHaveCount(0);

  await destination.getByRole('button', { name: 'Cancel', exact: true }).click();
  await planDialog.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(planDialog).toHaveCount(0);
});

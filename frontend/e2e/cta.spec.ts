import { expect, test } from './fixtures';
import { expectAccessible, expectHeading, logIn } from './helpers';

// Call-to-actions: the owner opens Dynamic > Call-to-actions, sees the demo's clicks
// and the calls within 30 minutes of a click, adds one (an invalid selector first: the domain's
// message as typed), and opens its page and the demo header link's page; axe on each screen and
// dialog.

test('the owner sees the seeded counts, adds a call-to-action and opens its page', async ({ page }) => {
  await logIn(page, 'owner@demo.test', '/manage/cta');
  await expectHeading(page, 'Call-to-actions');
  const table = page.getByRole('table', { name: 'Call-to-actions' });
  const header = table.getByRole('row').filter({ hasText: 'Header call button' });
  await expect(header).toContainText('Click-to-call link');
  await expect(header).toContainText('a[href^="tel:"]');
  await expect(header).toContainText('All pages');
  await expect(table.getByRole('row').filter({ hasText: 'Book now button' })).toContainText('/book*');
  // The figures are the server's count over the demo's clicks and calls.
  const api = await page.request.get('/api/cta/getCtas', { headers: { 'X-Admin-Area': '1' } });
  const seeded = ((await api.json()) as { ctas: { name: string; clicks30Days: number; calls30Days: number; conversionRate: string }[] })
    .ctas.find((c) => c.name === 'Header call button')!;
  expect(seeded.calls30Days).toBeGreaterThan(0);
  expect(seeded.clicks30Days).toBeGreaterThan(seeded.calls30Days);
  const cells = header.getByRole('cell');
  await expect(cells.nth(4)).toHaveText(String(seeded.clicks30Days));
  await expect(cells.nth(5)).toHaveText(String(seeded.calls30Days));
  await expect(cells.nth(6)).toHaveText(seeded.conversionRate);
  await expectAccessible(page, 'the call-to-actions list');

  // Added: an invalid selector shows the domain's message as typed, a valid one saves.
  await page.getByRole('button', { name: 'Add call-to-action' }).click();
  const add = page.getByRole('dialog', { name: 'Add call-to-action' });
  await add.getByLabel('Name').fill('Quote button');
  await add.getByLabel('Kind').selectOption({ label: 'Button' });
  await add.getByLabel('CSS selector').fill('button[data-quote]]');
  await expect(add).toContainText("This is not a valid CSS selector: unexpected ']' at character 19.");
  await add.getByLabel('All pages').uncheck();
  await add.getByLabel('Pages', { exact: true }).fill('/quote*\n/offers');
  await expectAccessible(page, 'the Add call-to-action dialog with a message', { within: add });
  await add.getByLabel('CSS selector').fill('button[data-quote]');
  await expect(add).not.toContainText('not a valid CSS selector');
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(add).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: "The call-to-action 'Quote button' was saved." })).toBeVisible();
  const quote = table.getByRole('row').filter({ hasText: 'Quote button' });
  await expect(quote).toContainText('/quote*, /offers');

  // Its page: no clicks yet.
  await quote.getByRole('link', { name: 'Quote button' }).click();
  await expect(page).toHaveURL(/\/manage\/cta\/\d+$/);
  await expectHeading(page, 'Call-to-action: Quote button');
  await expect(page.getByText('No clicks yet.')).toBeVisible();
  await expectAccessible(page, "a new call-to-action's page");

  // The header link's page: its clicks, and the calls that followed, each opening in the call log.
  await page.getByRole('link', { name: 'Call-to-actions' }).first().click();
  await table.getByRole('link', { name: 'Header call button' }).click();
  await expectHeading(page, 'Call-to-action: Header call button');
  const clicks = page.getByRole('table', { name: 'Latest clicks' });
  await expect(clicks.getByRole('link', { name: /^Yes: the call after the click at / }).first()).toBeVisible();
  const calls = page.getByRole('table', { name: 'Calls after a click on Header call button' });
  await expect(calls.locator('tbody tr')).toHaveCount(seeded.calls30Days);
  await expectAccessible(page, "the header link's page");
  await page.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit call-to-action' });
  await expect(edit.getByLabel('Name')).toHaveValue('Header call button');
  await expectAccessible(page, 'the Edit call-to-action dialog', { within: edit });
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await calls.getByRole('link', { name: /^Call from / }).first().click();
  await expect(page).toHaveURL(/\/manage\/reports\?call=\d+$/);

  // Deleting asks first.
  await page.goto('/manage/cta');
  await page.getByRole('button', { name: 'Delete Quote button' }).click();
  const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
  await expect(confirm).toContainText("Delete the call-to-action 'Quote button'? It has no clicks.");
  await expectAccessible(page, 'the delete confirmation', { within: confirm });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('status').filter({ hasText: "The call-to-action 'Quote button' was deleted." })).toBeVisible();
});

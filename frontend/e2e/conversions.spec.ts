import { expect, test } from './fixtures';
import { expectAccessible, expectHeading, logIn, menuItem, sideMenu } from './helpers';

// Conversions: the owner opens Conversions, adds a conversion for paid search calls
// (google / cpc) of 60 seconds (the default), sees it listed, and opens its page with the upload
// log; axe on each screen and dialog. An account without conversions access has no menu item.

test('the owner adds a conversion for paid search calls of 60 seconds and opens its log', async ({ page }) => {
  await logIn(page, 'owner@demo.test', '/manage/');
  const menu = sideMenu(page, 'Admin');
  await menu.getByRole('button', { name: 'Dynamic', exact: true }).click();
  await menu.getByRole('link', { name: 'Conversions', exact: true }).click();
  await expectHeading(page, 'Conversions');
  const list = page.getByRole('table', { name: 'Conversions' });
  await expect(list).toContainText('Answered calls of 90 seconds');
  // The demo's Google Ads is not connected: the action says so and links to connect it.
  await expect(list.getByRole('row').filter({ hasText: 'Paid search calls' })).toContainText('Google Ads is not connected');
  await expect(list.getByRole('link', { name: 'Connect Google Ads' }).first()).toHaveAttribute('href', /\/googleads$/);
  await expectAccessible(page, 'the conversions page');

  await page.getByRole('button', { name: 'Add conversion' }).click();
  const add = page.getByRole('dialog', { name: 'Add conversion' });
  await expect(add.getByLabel('Talked for at least (seconds)')).toHaveValue('60');
  // The domain checks the form as typed.
  await add.getByLabel('Name').fill('paid search calls');
  await add.getByLabel('Value (£)').fill('40.123');
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(add).toContainText('Name must be unique.');
  await expect(add).toContainText('Value must be an amount in pounds and pence, such as 25.00.');
  await add.getByLabel('Name').fill('Paid search calls of a minute');
  await add.getByLabel('Value (£)').fill('40');
  await add.getByLabel('Ad platform').selectOption({ label: 'Meta Ads' });
  await add.getByLabel('Source / medium').selectOption({ label: 'google / cpc' });
  await expectAccessible(page, 'the Add conversion dialog', { within: add });
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(add).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: "The conversion 'Paid search calls of a minute' was saved." })).toBeVisible();
  const added = list.getByRole('row').filter({ hasText: 'Paid search calls of a minute' });
  await expect(added).toContainText('Talked for at least 60 seconds and Source / medium is google / cpc');
  await expect(added).toContainText('£40.00');

  // The demo's Meta conversion: its log, each call linking to the call log.
  await list.getByRole('link', { name: 'Answered calls of 90 seconds' }).click();
  await expect(page).toHaveURL(/\/manage\/conversions\/\d+$/);
  const log = page.getByRole('table', { name: 'Upload log' });
  await expect(log).toContainText('Failed: will be tried again');
  await expect(log).toContainText('Received: 1 conversion accepted.');
  await expect(log.getByRole('link', { name: /^Call from / }).first()).toHaveAttribute('href', /\/reports\?call=\d+$/);
  await expectAccessible(page, "a conversion's page with its log");

  // Deleting the new one asks first.
  await page.getByRole('link', { name: 'Conversions', exact: true }).first().click();
  await page.getByRole('button', { name: 'Delete Paid search calls of a minute' }).click();
  const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
  await expect(confirm).toContainText("Delete the conversion 'Paid search calls of a minute'? Nothing has been sent for it.");
  await expectAccessible(page, 'the delete confirmation', { within: confirm });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('status').filter({ hasText: "The conversion 'Paid search calls of a minute' was deleted." })).toBeVisible();
});

test('an account without conversions access has no Conversions menu item', async ({ page }) => {
  await logIn(page, 'starter@demo.test', '/manage/');
  const menu = sideMenu(page, 'Admin');
  await menu.getByRole('button', { name: 'Dynamic', exact: true }).click();
  await expect(menuItem(menu, 'Source/mediums')).toBeVisible();
  await expect(menuItem(menu, 'Conversions')).toHaveCount(0);
});

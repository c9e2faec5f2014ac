import { expect, test } from './fixtures';
import { expectAccessible, expectHeading, logIn } from './helpers';

// A pool's page and the captured parameters: the owner opens the busy pool of
// Harbour Lane's main website, reads its health figure (the demo's rush hours ran its five
// numbers dry) and its numbers; then captures utm_term, which the paid landing URLs carried all
// along, and follows it to a value and that value's calls.

test("the owner reads a pool's health and numbers, captures a parameter and reads a value's calls", async ({ page }) => {
  await logIn(page, 'owner@demo.test', '/manage/dynamicurls/1');
  const pools = page.getByRole('table', { name: 'Pools' });
  await pools.getByRole('link', { name: 'Website - Google Ads' }).click();
  await expectHeading(page, 'Dynamic pool');
  const health = page.getByRole('region', { name: 'Pool health' });
  await expect(health.getByRole('status')).toContainText('Too small: only');
  await expect(health).toContainText('Peak hourly visitors');
  await expect(health).toContainText('From the visits stored for the last 72 hours');
  const rows = page.getByRole('table', { name: 'Pool numbers' }).locator('tbody tr');
  await expect(rows).toHaveCount(5);
  await expectAccessible(page, "a pool's page");

  // The numbers the figure recommends are what Buy adds to this pool, priced first.
  const recommended = Number(await health.getByText('Recommended size').locator('xpath=following-sibling::dd').textContent());
  const buy = page.getByRole('button', { name: /^Buy \d+ more numbers$/ });
  await expect(buy).toHaveText(`Buy ${recommended - 5} more numbers`);
  await buy.click();
  const dialog = page.getByRole('dialog', { name: `Buy ${recommended - 5} more numbers` });
  await expect(dialog).toContainText(`${recommended - 5} more numbers for Website - Google Ads: £5 each per month`);
  await expectAccessible(page, 'the price of the recommended numbers', { within: dialog });
  await dialog.getByLabel('I accept the terms and conditions').check();
  await dialog.getByRole('button', { name: 'Buy' }).click();
  await expect(page.getByText(`${recommended - 5} numbers were added to Website - Google Ads.`)).toBeVisible();
  await expect(health.getByText('Numbers in the pool').locator('xpath=following-sibling::dd')).toHaveText(String(recommended));
  await expect(buy).toHaveCount(0);

  await page.goto('/manage/parameters');
  await expectHeading(page, 'Parameters');
  const table = page.getByRole('table', { name: 'Captured parameters' });
  await expect(table.getByRole('link', { name: 'Branch' })).toBeVisible();
  await expectAccessible(page, 'the parameters');
  await page.getByRole('textbox', { name: 'Parameter name' }).fill('utm_term');
  await page.getByRole('button', { name: 'Add parameter' }).click();
  await expect(page.getByRole('status').filter({ hasText: "'utm_term' is captured from now on." })).toBeVisible();
  await table.getByRole('link', { name: 'utm_term' }).click();

  const values = page.getByRole('table', { name: 'Values of utm_term' });
  await expect(values.getByRole('link', { name: 'near me' })).toBeVisible();
  await expectAccessible(page, "a parameter's values");
  await values.getByRole('link', { name: 'near me' }).click();
  await expect(page).toHaveURL(/\/manage\/parameter\/utm_term\/near%20me$/);
  const calls = page.getByRole('table', { name: 'Calls with utm_term = near me' });
  await expect(calls.locator('tbody tr').first()).toContainText(/ \/ cpc/);
  await expectAccessible(page, "a value's calls");
});

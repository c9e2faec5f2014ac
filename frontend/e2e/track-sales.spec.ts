import { expect, test } from './fixtures';
import { expectAccessible, expectHeading, logIn } from './helpers';

// Track Sales: the owner sees the demo's sales of the last 30 days by source and
// campaign (matched by the server to the latest call from each buyer's number), opens a sale's
// call, and narrows the matching to 7 days: every sale is matched again; axe on the page.

test('the owner sees the revenue by source, opens a sale\'s call and narrows the matching', async ({ page }) => {
  await logIn(page, 'owner@demo.test', '/manage/tracksales');
  await expectHeading(page, 'Track sales');
  await expect(page.getByText(/\d+ sales, £[\d,]+\.\d\d; \d+% matched to a call\./)).toBeVisible();
  const bySource = page.getByRole('table', { name: 'Revenue by source / medium' });
  await expect(bySource.locator('tbody tr').first()).toBeVisible();
  await expect(bySource).toContainText('No source (not matched)');
  await expectAccessible(page, 'the Track Sales page');

  const api = await page.request.get('/api/tracksales/getSales', { headers: { 'X-Admin-Area': '1' } });
  const before = ((await api.json()) as { matched: number }).matched;
  const form = page.getByRole('form', { name: 'How sales are matched to calls' });
  await form.getByLabel('Days before the sale', { exact: true }).fill('0');
  await form.getByRole('button', { name: 'Save and match again' }).click();
  await expect(form.getByText('Days must be a whole number from 1 to 90.')).toBeVisible();
  await form.getByLabel('Days before the sale', { exact: true }).fill('7');
  await form.getByRole('button', { name: 'Save and match again' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Saved\. \d+ sales? now match/ })).toBeVisible();
  await expect(page.getByText(/\d+% matched to a call\./)).toBeVisible();
  const after = ((await (await page.request.get('/api/tracksales/getSales', { headers: { 'X-Admin-Area': '1' } })).json()) as {
    matched: number;
  }).matched;
  expect(after).toBeLessThanOrEqual(before);

  // A matched sale opens its call's details in the call log.
  await page.getByRole('link', { name: /^The call of sale / }).first().click();
  await expect(page).toHaveURL(/\/manage\/reports\?call=\d+$/);
  await expect(page.getByRole('dialog', { name: /^Call from / })).toBeVisible();
});

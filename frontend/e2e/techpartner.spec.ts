import { request as apiRequest } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectAccessible, expectHeading, logIn, menuItem, sideMenu } from './helpers';

// The technology-partner portal: API keys that really open the reporting API, lead
// reports, settings, and the API's reference.

/** The reporting API as a partner's own program calls it: no cookie, no admin header. */
async function callsWith(baseURL: string, key: string) {
  const client = await apiRequest.newContext({ baseURL });
  const response = await client.get('/v1/calls?from=2026-11-01&to=2026-11-22&per_page=5', {
    headers: { Authorization: `Bearer ${key}` },
  });
  const answer = { status: response.status(), body: await response.json() };
  await client.dispose();
  return answer;
}

test('a technology partner creates a key, reads calls with it, revokes it, and it is refused', async ({ page, baseURL }) => {
  await logIn(page, 'techpartner@demo.test', '/manage/technologypartner/api-keys');
  await expectHeading(page, 'API keys');
  await expect(page.getByRole('table', { name: 'API keys' }).getByText('Lead dashboard')).toBeVisible();
  await expectAccessible(page, 'the API keys page');

  await page.getByRole('button', { name: 'Create key' }).click();
  const create = page.getByRole('dialog', { name: 'Create API key' });
  await create.getByRole('button', { name: 'Create key' }).click();
  await expect(create.getByText('Name is required.')).toBeVisible();
  await expectAccessible(page, 'the Create API key dialog with an error', { within: create });
  await create.getByLabel('Name').fill('Playwright CRM sync');
  await create.getByRole('button', { name: 'Create key' }).click();

  const shown = page.getByRole('dialog', { name: 'Your new API key' });
  const key = await shown.getByLabel('Your new API key').inputValue();
  expect(key).toMatch(/^ctk_[A-Za-z0-9]{40}$/);
  await expectAccessible(page, 'the new key dialog', { within: shown });
  await shown.getByRole('button', { name: 'Done' }).click();
  const row = page.getByRole('row').filter({ hasText: 'Playwright CRM sync' });
  await expect(row).toContainText(key.slice(0, 10));
  await expect(page.getByText(key)).toHaveCount(0);

  const answer = await callsWith(baseURL!, key);
  expect(answer.status).toBe(200);
  expect(answer.body.total).toBeGreaterThan(0);
  expect(answer.body.data[0].startedAt).toMatch(/^2026-11-.*Z$/);
  await page.reload();
  await expect(row).not.toContainText('Never');

  await row.getByRole('button', { name: 'Revoke Playwright CRM sync' }).click();
  const confirm = page.getByRole('dialog', { name: 'Revoke API key' });
  await expectAccessible(page, 'the revoke confirmation', { within: confirm });
  await confirm.getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByRole('status').filter({ hasText: "The key 'Playwright CRM sync' was revoked." })).toBeVisible();
  await expect(row).toContainText('Revoked');

  const refused = await callsWith(baseURL!, key);
  expect(refused.status).toBe(401);
  expect(refused.body.error).toBe('invalid_token');
});

test('the reports show calls and qualified leads per account and month, with a chart', async ({ page }) => {
  await logIn(page, 'techpartner@demo.test', '/manage/technologypartner');
  await menuItem(sideMenu(page, 'Partner'), 'Reports').click();
  await expectHeading(page, 'Reports');
  await expect(page.getByText('Harbour Lane Dental, since', { exact: false })).toBeVisible();
  await expect(page.getByRole('img', { name: /^Calls and qualified leads per month, December 2025 to November 2026$/ })).toBeVisible();
  const table = page.getByRole('table', { name: 'Calls and qualified leads per account per month' });
  await expect(table.getByRole('row').filter({ hasText: 'November 2026' }).first()).toBeVisible();
  await expectAccessible(page, 'the lead reports');
});

test('the settings keep the technical contact, checked as typed', async ({ page }) => {
  await logIn(page, 'techpartner@demo.test', '/manage/technologypartner/settings');
  await expectHeading(page, 'Settings');
  const website = page.getByLabel('Website');
  await expect(website).toHaveValue('https://www.quantumleads.example');
  await website.fill('quantumleads');
  await website.blur();
  await expect(page.getByText('Website must be a web address starting https:// or http://.')).toBeVisible();
  await expectAccessible(page, 'the settings with an error');
  await website.fill('https://quantumleads.example');
  await page.getByLabel('Technical contact').fill('Tara Quinn');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your settings were saved.' })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Technical contact')).toHaveValue('Tara Quinn');
});

test('the Documentation link opens the reporting API reference', async ({ page }) => {
  await logIn(page, 'techpartner@demo.test', '/manage/technologypartner');
  await page.goto('/apidocs');
  await expect(page.getByRole('heading', { level: 1, name: 'Reporting API' })).toBeVisible();
  await expect(page.getByText('GET /v1/calls')).toBeVisible();
  await expectAccessible(page, 'the API reference');
});

test("My subscription shows only the technology partner's plan, and its links go somewhere real", async ({ page }) => {
  await logIn(page, 'techpartner@demo.test', '/manage/technologypartner/subscription');
  await expectHeading(page, 'Plan: Professional');
  for (const region of ['Static numbers', 'Dynamic URLs']) {
    await expect(page.getByRole('region', { name: region })).toHaveCount(0);
  }
  await expect(page.getByText(/inclusive minutes/i)).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Upgrade centre' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Contact us about your plan' })).toHaveAttribute('href', '/contactus');
  await expectAccessible(page, "the technology partner's My subscription");
  await page.getByRole('link', { name: 'Invoices', exact: true }).last().click();
  await expect(page).toHaveURL(/\/manage\/technologypartner\/invoices$/);
  await expectHeading(page, 'Invoices');
});

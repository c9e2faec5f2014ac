import { expect, test } from './fixtures';
import { expectAccessible, expectHeading, logIn, menuItem, sideMenu } from './helpers';

/** A 1 by 1 PNG: the branding accepts PNG images only, checked by their first bytes. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

// The partner portal: the clients, a new client with its owner invited, the way into
// a client's admin area and back, rewards, the programmes and the branding.

test('a partner adds a client, logs in to it and returns to the portal', { tag: '@pg' }, async ({ page }) => {
  await logIn(page, 'partner@demo.test', '/manage/partner/accounts');
  await expectHeading(page, 'Accounts');
  const table = page.getByRole('table', { name: 'Client accounts' });
  await expect(table.getByRole('row').filter({ hasText: 'Riverside Veterinary Practice' })).toContainText('RVP-602');
  await expectAccessible(page, 'the partner accounts page');

  await page.getByRole('button', { name: 'Add account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add account' });
  const name = dialog.getByLabel('Account', { exact: true });
  await name.fill('Smith & Sons');
  await name.blur();
  await expect(
    dialog.getByText('Invalid characters found. Allowed Characters are numbers, letters, hyphens, underscores and spaces'),
  ).toBeVisible();
  await expectAccessible(page, 'the Add account dialog with an error', { within: dialog });
  await name.fill('Northern Lights Dental');
  await dialog.getByLabel('First name').fill('Nadia');
  await dialog.getByLabel('Last name').fill('North');
  await dialog.getByLabel('Email').fill('nadia@northernlights.example');
  await dialog.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Customer was created. An invitation to set a password was sent to nadia@northernlights.example.')).toBeVisible();
  const row = table.getByRole('row').filter({ hasText: 'Northern Lights Dental' });
  await expect(row).toContainText('Starter');

  await row.getByRole('button', { name: 'Log in to Northern Lights Dental' }).click();
  await expectHeading(page, 'Integrate');
  await expect(page.locator('.top-bar')).toContainText('Northern Lights Dental');
  await expect(page.getByRole('banner').getByText('Northern Lights Dental')).toHaveCount(1);
  await expect(sideMenu(page, 'Admin')).toBeVisible();
  await expectAccessible(page, "the new client's admin area");

  await page.getByRole('button', { name: 'Partner portal' }).click();
  await expectHeading(page, 'Accounts');
  await expect(page).toHaveURL(/\/manage\/partner\/accounts$/);
  await expect(menuItem(sideMenu(page, 'Partner'), 'Rewards')).toBeVisible();
});

test("the account menu's '+' opens the Add account dialog, and Billing > Accounts in a client lists the partner's accounts", async ({
  page,
}) => {
  await logIn(page, 'partner@demo.test', '/manage/partner/settings');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('region', { name: 'Account menu' }).getByRole('button', { name: 'Create account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add account' });
  await expect(dialog.getByLabel('Account', { exact: true })).toHaveValue('');
  await expectAccessible(page, "the account menu's Add account dialog", { within: dialog });
  await dialog.getByLabel('Account', { exact: true }).fill('Hillside Motors');
  await dialog.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/manage\/partner\/accounts$/);
  await expect(page.getByText('Customer was created.')).toBeVisible();
  const table = page.getByRole('table', { name: 'Client accounts' });
  await expect(table.getByRole('row').filter({ hasText: 'Hillside Motors' })).toBeVisible();

  await table.getByRole('button', { name: 'Log in to Greenway Garden Centre' }).click();
  await expectHeading(page, 'Integrate');
  const menu = sideMenu(page, 'Admin');
  await menu.getByRole('button', { name: 'Billing', exact: true }).click();
  await menu.getByRole('link', { name: 'Accounts', exact: true }).click();
  await expect(page).toHaveURL(/\/manage\/partneraccounts$/);
  const listed = page.getByRole('table', { name: 'Client accounts' });
  await expect(listed.getByRole('row').filter({ hasText: 'Hillside Motors' })).toBeVisible();
  await expect(listed.getByRole('row').filter({ hasText: 'Riverside Veterinary Practice' })).toContainText('RVP-602');
  await expectAccessible(page, 'Billing > Accounts in a client account');
});

test('rewards show what the partner earned, by month and by client', async ({ page }) => {
  await logIn(page, 'partner@demo.test', '/manage/partner/rewards');
  await expectHeading(page, 'Rewards');
  await expect(page.getByText('Reseller margin 20% · Referral fee 10%')).toBeVisible();
  await expect(page.getByRole('table', { name: 'By client' }).getByText('Riverside Veterinary Practice')).toBeVisible();
  await expect(page.getByRole('table', { name: 'By month' }).getByRole('row').filter({ hasText: 'Total' })).toContainText('£');
  await expectAccessible(page, 'the rewards page');
});

test('Refer a client opens the referrer page, which refers one', async ({ page }) => {
  await logIn(page, 'partner@demo.test', '/manage/partner/accounts');
  await menuItem(sideMenu(page, 'Partner'), 'Refer a client').click();
  await expect(page).toHaveURL(/\/manage\/partner\/benefits\/referrer$/);
  await expect(page.getByText(/your referral fee is 10%/)).toBeVisible();
  await expectAccessible(page, 'the referrer benefits page');
  await page.getByRole('button', { name: 'Refer a client' }).click();
  const dialog = page.getByRole('dialog', { name: 'Refer a client' });
  await expectAccessible(page, 'the Refer a client dialog', { within: dialog });
  await dialog.getByLabel('Account', { exact: true }).fill('Hilltop Cafe');
  await dialog.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Customer was created.' })).toBeVisible();

  await page.getByRole('link', { name: 'About the reseller programme' }).click();
  await expect(page).toHaveURL(/\/manage\/partner\/benefits\/reseller$/);
  await expect(page.getByText(/your margin is 20%/)).toBeVisible();
  await expectAccessible(page, 'the reseller benefits page');
});

test("the partner's branding is checked, saved and shown in the top bar", async ({ page }) => {
  await logIn(page, 'partner@demo.test', '/manage/partner/settings');
  await expectHeading(page, 'Settings');
  const background = page.getByLabel('Background colour', { exact: true });
  const text = page.getByLabel('Text colour', { exact: true });
  await text.fill('#ffff00');
  await background.fill('#ffffff');
  await expect(page.getByText('The text colour must stand out from the background: a contrast of at least 4.5 to 1 is needed.')).toBeVisible();
  await expectAccessible(page, 'the branding settings with an error');

  await background.fill('#0d47a1');
  await text.fill('#ffffff');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Your branding was saved.', { exact: false })).toBeVisible();
  await expect(page.locator('header.top-bar')).toHaveCSS('background-color', 'rgb(13, 71, 161)');

  // Back to the demo's colours.
  await background.fill('#4a148c');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('header.top-bar')).toHaveCSS('background-color', 'rgb(74, 20, 140)');
});

test("the partner's logo and favicon are shown in the shell, and can be removed", async ({ page }) => {
  await logIn(page, 'partner@demo.test', '/manage/partner/settings');
  await expectHeading(page, 'Settings');
  const icon = page.locator('link[rel="icon"]');
  const defaultIcon = await icon.getAttribute('href');
  // Without a logo of its branding, the top bar shows the account's own (the demo's SVG).
  const logo = page.locator('header.top-bar .top-bar-logo img');
  await expect(logo).toHaveAttribute('src', '/logos/600.svg');
  await page.getByLabel('Favicon', { exact: true }).setInputFiles({ name: 'favicon.png', mimeType: 'image/png', buffer: PNG });
  await page.getByLabel('Logo', { exact: true }).setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your branding was saved.' })).toBeVisible();
  await expect(icon).toHaveAttribute('href', /\/logos\/600-favicon\.png\?v=\d+$/);
  await expect(logo).toHaveAttribute('src', /\/logos\/600\.png\?v=\d+$/);
  await expect(page.getByRole('img', { name: 'Current favicon' })).toBeVisible();
  await expectAccessible(page, 'the branding settings with a logo and a favicon');

  await page.getByRole('checkbox', { name: 'Remove the current favicon' }).check();
  await page.getByRole('checkbox', { name: 'Remove the current logo' }).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('img', { name: 'Current favicon' })).toHaveCount(0);
  await expect(icon).toHaveAttribute('href', defaultIcon ?? '');
  await expect(logo).toHaveAttribute('src', '/logos/600.svg');
});

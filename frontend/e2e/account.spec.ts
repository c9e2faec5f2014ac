import { expect, test } from './fixtures';
import { PASSWORD, expectAccessible, expectHeading, logIn, sideMenu } from './helpers';

test('a signed-out visit goes to the login page and comes back after logging in', async ({ page }) => {
  await page.goto('/manage/routing');
  await expect(page).toHaveURL(/\/login\?return=%2Fmanage%2Frouting$/);
  await page.getByLabel('Email').fill('owner@demo.test');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/manage\/routing$/);
  await expectHeading(page, 'Call routing');
});

test('a wrong password is refused with a message on the login page', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill('owner@demo.test');
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toHaveText('The email or password is incorrect.');
  await expect(page.getByLabel('Email')).toHaveValue('owner@demo.test');
  // The login page is the server's (crates/server/src/http/pages.rs), in the same colours.
  await expectAccessible(page, 'the login page with an error');
});

test('a multi-account user switches account and the account check runs again', async ({ page }) => {
  await logIn(page, 'owner@demo.test');
  await expect(page.locator('.top-bar-customer')).toHaveText('Harbour Lane Dental');
  await page.getByRole('button', { name: 'Account menu' }).click();
  const panel = page.getByRole('region', { name: 'Account menu' });
  await expect(panel.getByText('Olivia Owen')).toBeVisible();
  await expect(panel.getByText('Time zone: Europe/London')).toBeVisible();
  await expectAccessible(page, 'the account menu');
  await panel.getByLabel('Account', { exact: true }).selectOption({ label: 'Harbour Lane Orthodontics' });
  await expect(page.locator('.top-bar-customer')).toHaveText('Harbour Lane Orthodontics');
  // The new account has its own parameters: the menu was rebuilt from the new account check.
  const menu = sideMenu(page, 'Admin');
  await menu.getByRole('button', { name: 'Parameters', exact: true }).click();
  await expect(menu.getByRole('link', { name: 'Clinic', exact: true })).toBeVisible();
  await page.reload();
  await expect(page.locator('.top-bar-customer')).toHaveText('Harbour Lane Orthodontics');
});

test('a partner enters a client account and returns to the portal', async ({ page }) => {
  await logIn(page, 'partner@demo.test');
  await expect(page).toHaveURL(/\/manage\/partner\/accounts$/);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('region', { name: 'Account menu' }).getByLabel('Account', { exact: true }).selectOption({ label: 'Riverside Veterinary Practice' });
  await expect(sideMenu(page, 'Admin')).toBeVisible();
  await expect(page).toHaveURL(/\/manage\/$/);
  await page.getByRole('button', { name: 'Partner portal' }).click();
  await expect(sideMenu(page, 'Partner')).toBeVisible();
  await expect(page).toHaveURL(/\/manage\/partner\/accounts$/);
});

test('a system manager switches the reports version, which reloads the page', async ({ page }) => {
  await logIn(page, 'manager@demo.test');
  const toggle = page.getByRole('switch', { name: 'New reports' });
  await expect(toggle).not.toBeChecked();
  await expectAccessible(page, "a system manager's home with the reports switch");
  await page.getByText('New reports', { exact: true }).click();
  await expect(page.getByRole('switch', { name: 'New reports' })).toBeChecked();
  await page.reload();
  await expect(page.getByRole('switch', { name: 'New reports' })).toBeChecked();
});

test('only system managers see the reports-version switch', async ({ page }) => {
  await logIn(page, 'owner@demo.test');
  await expectHeading(page, 'Integrate');
  await expect(page.getByRole('switch', { name: 'New reports' })).toHaveCount(0);
});

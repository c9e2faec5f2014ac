import { readFileSync } from 'node:fs';
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { PASSWORD, expectAccessible, expectHeading, logIn, passwordLinkFor } from './helpers';

const NINA = 'Nina Okafor';
const NINA_EMAIL = 'nina.okafor@example.test';
const NINA_PASSWORD = 'n1na-Secret-pass';

// One story over shared data: each step needs the one before.
test.describe.configure({ mode: 'serial' });

function usersTable(page: Page) {
  return page.getByRole('table', { name: 'On account' });
}

function userRow(page: Page, name: string) {
  return usersTable(page).getByRole('row', { name: new RegExp(name) });
}

async function search(page: Page, text: string) {
  await page.getByRole('searchbox', { name: 'Search' }).fill(text);
}

/** `check` runs the accessibility check on both dialogs (once is enough: the same dialogs each time). */
async function confirmDelete(page: Page, name: string, check = false) {
  await userRow(page, name).getByRole('button', { name: 'Delete', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Are you sure?' });
  await expect(dialog).toContainText(`Are you sure you want to delete ${name}?`);
  if (check) await expectAccessible(page, 'the Are you sure? dialog', { within: dialog });
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  const password = page.getByRole('dialog', { name: 'Delete user' });
  await password.getByLabel('Password').fill(PASSWORD);
  if (check) await expectAccessible(page, 'the Delete user password dialog', { within: password });
  await password.getByRole('button', { name: 'Confirm' }).click();
  await expect(password).toHaveCount(0);
}

test('an owner adds a user, finds them by search and exports the list', async ({ page }) => {
  await logIn(page, 'owner@demo.test', '/manage/users');
  await expectHeading(page, 'Users');
  await expect(usersTable(page)).toBeVisible();
  await expectAccessible(page, 'the Users list');
  await page.getByRole('link', { name: 'Add User' }).click();
  await expect(page).toHaveURL(/\/manage\/users\/0$/);

  await page.getByLabel('First name', { exact: true }).fill('Nina');
  await page.getByLabel('Last name', { exact: true }).fill('Okafor');
  await page.getByLabel('Email', { exact: true }).fill(NINA_EMAIL);
  await page.getByLabel('Authority code', { exact: true }).selectOption({ label: 'User' });
  await page.getByLabel('Customer', { exact: true }).selectOption({ label: 'Harbour Lane Dental' });
  const grid = page.getByRole('table', { name: 'Permissions' });
  await grid.getByRole('checkbox', { name: 'Reports for Harbour Lane Dental' }).check();
  // Reports alone is a reports-only login; one admin right lets Nina into the admin area later.
  await grid.getByRole('checkbox', { name: 'Number/campaign admin for Harbour Lane Dental' }).check();
  await expectAccessible(page, 'the Add user form');
  await page.getByRole('button', { name: 'Save', exact: true }).click();

  await expect(page).toHaveURL(/\/manage\/users$/);
  await search(page, 'Nina');
  await expect(userRow(page, NINA)).toContainText(NINA_EMAIL);
  await expect(page.getByText('1 record(s)')).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('Calltrack_users_export.csv');
  expect(readFileSync(await file.path(), 'utf8')).toContain(`"${NINA_EMAIL}"`);
});

test('a password reset email lets the new user set a password and log in', async ({ page, browser }) => {
  await logIn(page, 'owner@demo.test', '/manage/users');
  await search(page, 'Nina');
  await userRow(page, NINA).getByRole('button', { name: 'Send password reset' }).click();
  await expect(page.getByText(`A password reset email has been sent to ${NINA}`)).toBeVisible();

  const href = await passwordLinkFor(browser, NINA_EMAIL);
  await page.goto(href);
  await expect(page).toHaveURL(/\/resetpassword\?token=/);
  await expect(page.getByLabel('New password', { exact: true })).toBeVisible();
  await expectAccessible(page, 'the reset password page');
  await page.getByLabel('New password', { exact: true }).fill(NINA_PASSWORD);
  await page.getByLabel('Confirm password', { exact: true }).fill(NINA_PASSWORD);
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByText('Your password has been changed.')).toBeVisible();

  // The owner's session ends; Nina logs in on the same browser.
  expect((await page.request.post('/logout')).ok()).toBe(true);
  await logIn(page, NINA_EMAIL, '/manage/', NINA_PASSWORD);
  await expect(page).toHaveURL(/\/manage\//);
  await expect(page.getByRole('navigation', { name: 'Admin', exact: true })).toBeVisible();
});

test('nobody is offered Delete on their own user', async ({ page }) => {
  await logIn(page, 'owner@demo.test', '/manage/users');
  await search(page, 'owner@demo.test');
  const own = userRow(page, 'Olivia Owen');
  await expect(own).toBeVisible();
  // The server refuses it too ('You cannot delete your current user', covered by the server
  // tests); the list does not offer it.
  await expect(own.getByRole('button', { name: 'Delete', exact: true })).toHaveCount(0);
  await expect(own.getByRole('button', { name: 'Send password reset' })).toBeVisible();
});

test('an administrator is offered no actions on an account owner', async ({ page }) => {
  await logIn(page, 'admin@demo.test', '/manage/users');
  await expectHeading(page, 'Users');
  await search(page, 'owner@demo.test');
  const owner = userRow(page, 'Olivia Owen');
  await expect(owner).toBeVisible();
  // The server refuses it too ('You cannot delete a user with higher authorisation than
  // yourself', covered by the server tests); the list does not offer it.
  await expect(owner.getByRole('button', { name: 'Delete', exact: true })).toHaveCount(0);
  await expect(owner.getByRole('button', { name: 'Send password reset' })).toHaveCount(0);
});

test('a user who also owns an account the owner does not manage is removed from this account only', async ({
  page,
}) => {
  await logIn(page, 'owner@demo.test', '/manage/users');
  await search(page, 'Oscar');
  const oscar = userRow(page, 'Oscar Hale');
  await expect(oscar).toBeVisible();
  // Oscar alone owns Harbour Lane Hygiene: who he is, and whether he exists, is not this owner's call.
  await expect(oscar.getByRole('button', { name: 'Delete', exact: true })).toHaveCount(0);
  await expect(oscar.getByRole('button', { name: 'Send password reset' })).toHaveCount(0);
  await oscar.getByRole('link', { name: /Edit/ }).click();
  await expect(page.getByText('This user also has access to accounts you do not manage')).toBeVisible();
  await expect(page.getByLabel('Email', { exact: true })).toHaveAttribute('readonly', '');
  await expectAccessible(page, 'the Edit user form of a user shared with another account');
  await page.goBack();
  await search(page, 'Oscar');
  await userRow(page, 'Oscar Hale').getByRole('button', { name: 'Remove from this account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove from this account' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page, 'the Remove from this account dialog', { within: dialog });
  await dialog.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(page.getByText('Oscar Hale has been removed from this account.')).toBeVisible();
  await expect(userRow(page, 'Oscar Hale')).toHaveCount(0);
});

test('an owner deletes the new user after confirming', async ({ page }) => {
  await logIn(page, 'owner@demo.test', '/manage/users');
  await search(page, 'Nina');
  await confirmDelete(page, NINA, true);
  await expect(userRow(page, NINA)).toHaveCount(0);
  await expect(usersTable(page)).toContainText('No users found.');
  await expect(page.getByRole('alert')).toHaveCount(0);
});

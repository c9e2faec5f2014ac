import { expect, test } from './fixtures';
import { expectAccessible, expectHeading, logIn } from './helpers';

test('an unknown path shows home in place', async ({ page }) => {
  await logIn(page, 'owner@demo.test', '/manage/no/such/page');
  await expect(page).toHaveURL(/\/manage\/no\/such\/page$/);
  await expectHeading(page, 'Integrate');
  await expect(page).toHaveTitle('Calltrack - Integrate');
});

test('the page title names the product and the page', async ({ page }) => {
  await logIn(page, 'owner@demo.test', '/manage/routing');
  await expectHeading(page, 'Call routing');
  await expect(page).toHaveTitle('Calltrack - Call routing');
});

test('menu links navigate inside the app', async ({ page }) => {
  await logIn(page, 'owner@demo.test');
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Call routing' }).click();
  await expect(page).toHaveURL(/\/manage\/routing$/);
  await expectHeading(page, 'Call routing');
});

test('logging out ends the session', async ({ page }) => {
  await logIn(page, 'owner@demo.test');
  await expectHeading(page, 'Integrate');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login(\?|$)/);
  // Logging out is a POST: a link or an image on another site cannot end the session.
  expect((await page.request.get('/logout')).status()).toBe(405);

  await page.goto('/manage/');
  await expect(page).toHaveURL(/\/login(\?|$)/);
  await expect(page.getByLabel('Email')).toBeVisible();
});

test('on a small screen the menu is a drawer opened by the hamburger', async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 700 });
  await logIn(page, 'owner@demo.test');
  const menu = page.locator('#side-menu');
  await expect(menu).toBeHidden();
  await page.getByRole('button', { name: 'Toggle menu' }).click();
  await expect(menu).toBeVisible();
  await expectAccessible(page, 'the menu drawer on a small screen');
  await menu.getByRole('link', { name: 'Call routing', exact: true }).click();
  await expect(page).toHaveURL(/\/manage\/routing$/);
  await expect(menu).toBeHidden();
});

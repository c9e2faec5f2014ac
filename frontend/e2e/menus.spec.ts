import { expect, test } from './fixtures';
import { expectAccessible, expectHeading, logIn, menuItem, sideMenu } from './helpers';

test('an account owner sees the Admin menu', async ({ page }) => {
  await logIn(page, 'owner@demo.test');
  const menu = sideMenu(page, 'Admin');
  for (const label of ['Call routing', 'Parameters', 'My subscription', 'Users']) {
    await expect(menuItem(menu, label), label).toBeVisible();
  }
  await expect(menu.getByRole('link', { name: 'Call routing', exact: true })).toHaveAttribute('href', '/manage/routing');
  await expectHeading(page, 'Integrate');
  await expectAccessible(page, "the owner's home (Integrate) with the Admin menu");
});

test('a user sees no Parameters and no My subscription', async ({ page }) => {
  await logIn(page, 'user@demo.test');
  const menu = sideMenu(page, 'Admin');
  await expect(menuItem(menu, 'Overview')).toBeVisible();
  await expect(menuItem(menu, 'Parameters')).toHaveCount(0);
  await expect(menuItem(menu, 'My subscription')).toHaveCount(0);
  await expectAccessible(page, "a user's home");
});

test('a partner has the Partner menu and is kept in the portal', async ({ page }) => {
  await logIn(page, 'partner@demo.test', '/manage/routing');
  await expect(page).toHaveURL(/\/manage\/partner\/accounts$/);
  const menu = sideMenu(page, 'Partner');
  await expect(menuItem(menu, 'Accounts')).toBeVisible();
  await expect(menuItem(menu, 'Call routing')).toHaveCount(0);
  await expectHeading(page, 'Accounts');
  await expectAccessible(page, 'the partner portal Accounts page');
});

test('a technology partner has the technology-partner menu and lands on the subscription', async ({ page }) => {
  await logIn(page, 'techpartner@demo.test');
  await expect(page).toHaveURL(/\/manage\/technologypartner\/subscription$/);
  const menu = sideMenu(page, 'Partner');
  await expect(menu.getByRole('link', { name: 'Documentation', exact: true })).toHaveAttribute('href', '/apidocs');
  await expect(menuItem(menu, 'Call routing')).toHaveCount(0);
  // My subscription is the plan and usage page, as a customer's is.
  await expectHeading(page, 'Plan: Professional');
  await expectAccessible(page, "the technology partner's My subscription page");
});

test("Lacey Motors (legacy): Dynamic > URLs answers, and Call scoring's Tags chip is an upgrade through the account manager", async ({ page }) => {
  await logIn(page, 'legacy@demo.test');
  const menu = sideMenu(page, 'Admin');
  await menu.getByRole('button', { name: 'Dynamic', exact: true }).click();
  await menu.getByRole('link', { name: 'URLs', exact: true }).click();
  await expectHeading(page, 'Dynamic URLs');
  await expect(page.getByText('No dynamic URLs yet.')).toBeVisible();
  await expect(page.getByText('Something went wrong')).toHaveCount(0);
  // Tags apply to every call: they sit under Call scoring.
  await menu.getByRole('button', { name: 'Call scoring', exact: true }).click();
  await menu.getByRole('button', { name: 'Tags Upgrade' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upgrade your plan' });
  await expect(dialog).toContainText('Your plan is changed by your account manager');
  await expect(dialog).not.toContainText('speak to your account owner');
  await expectAccessible(page, "a legacy package's upgrade offer", { within: dialog });
});

test('the minimised menu stays minimised after a reload', async ({ page }) => {
  await logIn(page, 'owner@demo.test');
  const menu = sideMenu(page, 'Admin');
  await expect(menu).toHaveAttribute('data-minimised', 'false');
  await page.getByRole('button', { name: 'Minimise menu' }).click();
  await expect(menu).toHaveAttribute('data-minimised', 'true');

  await page.reload();
  await expect(menu).toHaveAttribute('data-minimised', 'true');
  await expect.poll(async () => (await menu.boundingBox())?.width).toBe(70);
  // Icons keep their names, and a parent's children fly out on hover.
  await menu.getByRole('button', { name: 'Static', exact: true }).hover();
  await expect(menu.getByRole('link', { name: 'Numbers', exact: true })).toBeVisible();
  await expectAccessible(page, 'the minimised menu with a flyout open');

  await page.getByRole('button', { name: 'Expand menu' }).click();
  await expect.poll(async () => (await menu.boundingBox())?.width).toBe(260);
});

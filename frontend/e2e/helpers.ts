import { expect, type Locator, type Page } from '@playwright/test';

export const PASSWORD = 'demopass';

/** Logs in through the server's login page, then opens `path` of the app. */
export async function logIn(page: Page, email: string, path = '/manage/', password = PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
  await page.goto(path);
}

export function sideMenu(page: Page, title: 'Admin' | 'Partner'): Locator {
  return page.getByRole('navigation', { name: title, exact: true });
}

/** A menu entry by its label, whether a link, a parent or an item with an upgrade chip. */
export function menuItem(menu: Locator, label: string): Locator {
  return menu.locator('.menu-label').getByText(label, { exact: true });
}

export async function expectHeading(page: Page, title: string): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: title, exact: true })).toBeVisible();
}

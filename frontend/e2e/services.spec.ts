import { expect, test } from './fixtures';
import { expectAccessible, expectHeading, logIn } from './helpers';

// Buying numbers (issue 15).

test('the owner buys a static number and finds it in the routing list', async ({ page }) => {
  await logIn(page, 'owner@demo.test', '/manage/services/static');
  await expectHeading(page, 'Add static numbers');
  await expectAccessible(page, 'the static number form');

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Media description is required.')).toBeVisible();
  await expectAccessible(page, 'the static number form with its errors');

  await page.getByLabel('Prefix').selectOption({ label: '0114 496 (Sheffield)' });
  // A plan made on the way, once its name is known to be unique.
  await page.getByRole('button', { name: 'New service plan' }).click();
  const dialog = page.getByRole('dialog', { name: 'New service plan' });
  await dialog.getByLabel('Description').fill('Van line');
  await dialog.getByLabel('International code').selectOption({ index: 1 });
  await dialog.getByLabel('Destination number').fill('07700900123');
  await expectAccessible(page, 'the new service plan dialog', { within: dialog });
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeEnabled();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByLabel('Destination plan').locator('option:checked')).toHaveText('Van line');

  await page.getByRole('button', { name: 'Add campaign' }).click();
  const add = page.getByRole('dialog', { name: 'Add campaign' });
  await add.getByLabel('Description').fill('Van livery');
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByLabel('Campaign', { exact: true }).locator('option:checked')).toHaveText('Van livery');
  await page.getByLabel('Media description').fill('Van signage');
  await page.getByRole('button', { name: 'Save' }).click();

  await expect(page).toHaveURL(/\/manage\/campaigns\/\d+$/);
  const notice = page.getByRole('status').filter({ hasText: 'Your static number has been successfully added.' });
  await expect(notice).toBeVisible();
  const number = ((await notice.textContent()) ?? '').match(/is (\d+)\./)?.[1] ?? '';
  expect(number).toMatch(/^01144960\d{3}$/);

  await page.goto('/manage/routing');
  await page.getByRole('searchbox', { name: 'Search' }).fill('Van signage');
  await expect(page.getByText('1 record(s)')).toBeVisible();
  await expect(page.getByRole('table').getByText('Van signage')).toBeVisible();
});

test('Stone & Sons, past its included numbers, sees the price and ticks the terms', async ({ page }) => {
  await logIn(page, 'starter@demo.test', '/manage/services/static');
  await expectHeading(page, 'Add static numbers');
  await page.getByLabel('Prefix').selectOption({ label: '0114 496 (Sheffield)' });
  await page.getByRole('button', { name: 'New service plan' }).click();
  const dialog = page.getByRole('dialog', { name: 'New service plan' });
  await dialog.getByLabel('Description').fill('Yard');
  await dialog.getByLabel('International code').selectOption({ index: 1 });
  await dialog.getByLabel('Destination number').fill('01144960590');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await page.getByLabel('Campaign', { exact: true }).selectOption({ label: 'Yellow Pages' });
  await page.getByLabel('Media description').fill('Yellow Pages 2027');
  await page.getByRole('button', { name: 'Save' }).click();

  const buy = page.getByRole('dialog', { name: 'Buy a static number' });
  await expect(buy).toContainText('costs £5 per month');
  await expectAccessible(page, 'the price of a number beyond the plan', { within: buy });
  await expect(buy.getByRole('button', { name: 'Save' })).toBeDisabled();
  await buy.getByLabel('I accept the terms and conditions').check();
  await buy.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(/Your static number has been successfully added\./)).toBeVisible();
});

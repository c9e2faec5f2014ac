import { expect, test } from './fixtures';
import { expectAccessible, expectHeading, logIn } from './helpers';

// Buying numbers. This file runs before purchase.spec.ts, which upgrades Stone & Sons
// to Professional; the numbers bought here sort after the demo's in the routing lists.

test('the services page offers each service with its price and leads to its form', async ({ page }) => {
  await logIn(page, 'owner@demo.test', '/manage/services');
  await expectHeading(page, 'Add services');
  const statics = page.getByRole('region', { name: 'Static numbers' });
  await expect(statics).toContainText('£5 per month');
  await expect(statics).toContainText('50 of your 350 included static numbers left');
  await expect(statics).toContainText('Online / offline');
  await expectAccessible(page, 'the services page');
  const pools = page.getByRole('region', { name: 'Dynamic pools' });
  await pools.getByRole('button', { name: 'Select campaign' }).click();
  await pools.getByRole('link', { name: 'Buy now for Main website' }).click();
  await expectHeading(page, 'Add dynamic pool');
  await expect(page.getByRole('textbox', { name: 'Pool name' })).toBeVisible();
});

test('the owner buys a static number and finds it in the routing list', { tag: '@pg' }, async ({ page }) => {
  await logIn(page, 'owner@demo.test', '/manage/services/static');
  await expectHeading(page, 'Add static numbers');
  // Before Buy, what it costs: within the plan's allowance, nothing extra.
  await expect(page.getByLabel('What it costs')).toHaveText(
    "Included in your plan: 50 static numbers left, so this one costs nothing extra. Calls are charged at your plan's rates.",
  );
  await expectAccessible(page, 'the static number form');

  await page.getByRole('button', { name: 'Buy' }).click();
  await expect(page.getByText('Media description is required.')).toBeVisible();
  await expectAccessible(page, 'the static number form with its errors');

  await page.getByLabel('Prefix').selectOption({ label: '0330 496 (National (03))' });
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
  await page.getByRole('button', { name: 'Buy' }).click();

  await expect(page).toHaveURL(/\/manage\/campaigns\/\d+$/);
  const notice = page.getByRole('status').filter({ hasText: 'Your static number has been successfully added.' });
  await expect(notice).toBeVisible();
  // The number as every screen writes it (the domain's UK format).
  const number = ((await notice.textContent()) ?? '').match(/is ([\d ]+)\./)?.[1] ?? '';
  expect(number).toMatch(/^0330 496 0\d{3}$/);

  await page.goto('/manage/routing');
  await page.getByRole('searchbox', { name: 'Search' }).fill('Van signage');
  await expect(page.getByText('1 record(s)')).toBeVisible();
  await expect(page.getByRole('table').getByText('Van signage')).toBeVisible();
});

test('Stone & Sons, past its included numbers, sees the price and ticks the terms', async ({ page }) => {
  await logIn(page, 'starter@demo.test', '/manage/services/static');
  await expectHeading(page, 'Add static numbers');
  await expect(page.getByLabel('What it costs')).toContainText('this one costs £5 per month, for at least 1 month.');
  await expect(page.getByLabel('What it costs')).toContainText('the first charge is on your invoice of 01/12/2026.');
  await page.getByLabel('Prefix').selectOption({ label: '0800 496 (Freephone)' });
  await page.getByRole('button', { name: 'New service plan' }).click();
  const dialog = page.getByRole('dialog', { name: 'New service plan' });
  await dialog.getByLabel('Description').fill('Yard');
  await dialog.getByLabel('International code').selectOption({ index: 1 });
  await dialog.getByLabel('Destination number').fill('01144960590');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await page.getByLabel('Campaign', { exact: true }).selectOption({ label: 'Yellow Pages' });
  await page.getByLabel('Media description').fill('Yellow Pages 2027');
  await page.getByRole('button', { name: 'Buy' }).click();

  const buy = page.getByRole('dialog', { name: 'Buy a static number' });
  await expect(buy).toContainText('costs £5 per month');
  await expectAccessible(page, 'the price of a number beyond the plan', { within: buy });
  await expect(buy.getByRole('button', { name: 'Buy' })).toBeDisabled();
  await buy.getByLabel('I accept the terms and conditions').check();
  await buy.getByRole('button', { name: 'Buy' }).click();
  await expect(page.getByText(/Your static number has been successfully added\. The number that was added is 0\d+ \d+( \d+)?\./)).toBeVisible();
});

test("Stone & Sons adds a dynamic URL with a custom format, its plan's included website, with the advanced settings off", async ({
  page,
}) => {
  await logIn(page, 'starter@demo.test', '/manage/services/dynamic');
  await expectHeading(page, 'Add dynamic URLs');
  const divert = page.getByRole('switch', { name: 'Mid call divert' });
  await expect(divert).toBeDisabled();
  await expect(divert).toHaveAccessibleDescription('This is available by upgrading to the Professional plan');
  await expect(page.getByLabel('Mid call audio')).toBeDisabled();
  await expectAccessible(page, 'the dynamic URL form');

  await page.getByRole('button', { name: 'Buy' }).click();
  await expect(page.getByText('Dynamic URL is required.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Dynamic URL' })).toBeFocused();

  await page.getByRole('textbox', { name: 'Dynamic URL' }).fill('www.stoneandsons.example/emergency');
  await page.getByLabel('Pool name').fill('Emergency callouts');
  await page.getByLabel('Number prefix').selectOption({ label: '0161 496 (Manchester)' });
  await page.getByLabel('Number format').selectOption({ label: 'Custom' });
  await page.getByLabel('Custom format').fill('XXXX XXX XXX');
  await page.getByRole('textbox', { name: 'Number to replace 1' }).fill('0114 496 0500');
  // Starter includes one website's pool: no price, no terms.
  await expect(page.getByLabel('What it costs')).toContainText('Included in your plan: 1 pool left');
  await page.getByRole('button', { name: 'Buy' }).click();

  await expect(page).toHaveURL(/\/manage\/dynamicurls\/\d+$/);
  await expect(page.getByText('Emergency callouts has been added successfully.')).toBeVisible();
  const pools = page.getByRole('table', { name: 'Pools' });
  await expect(pools.getByRole('rowheader', { name: 'Emergency callouts' })).toBeVisible();
  await expect(pools.getByRole('cell').first()).toHaveText(/^0161 496 0\d{3}(, 0161 496 0\d{3}){4}$/);
  await expectAccessible(page, 'the new dynamic URL page');
});

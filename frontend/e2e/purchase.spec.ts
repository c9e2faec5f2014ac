import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectAccessible, expectHeading, logIn, showAllRoutingRows, sideMenu } from './helpers';

// Plans, add-ons and upgrades. The flows change Stone & Sons Plumbing (Starter) for
// good, in this order: its administrator is refused the upgrade, its owner tries speech analytics
// (the trial, from /tryspeech, then cancelled), adds speech analytics for good, then
// upgrades to Professional from the advanced routing page.

const NOT_OWNER = 'Sorry, we cannot complete that action';

async function firstSelectedRowToAdvanced(page: Page): Promise<void> {
  await showAllRoutingRows(page);
  const table = page.getByRole('table', { name: 'Call routing' });
  await table.locator('tbody tr').first().getByRole('checkbox').check();
  await expect(page.getByText('1 selected')).toBeVisible();
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page).toHaveURL(/\/manage\/routing\/numbers(\/advanced)?$/);
  await page.goto('/manage/routing/numbers/advanced');
  await expect(page.getByRole('table', { name: 'Selected numbers and pools' })).toBeVisible();
}

test('the owner reads the plan and usage page, the breakdown, the plans and the upgrade centre', async ({ page }) => {
  await logIn(page, 'owner@demo.test', '/manage/subscription');
  await expectHeading(page, 'Plan: Professional');
  const statics = page.getByRole('region', { name: 'Static numbers' });
  await expect(statics).toContainText(/\d+ \/ 350/);
  await expect(page.getByText(/You have \d+ minutes left of your 1000 inclusive minutes/)).toBeVisible();
  await expect(page.getByRole('table', { name: 'Calls and charges by month' })).toContainText('November 2026');
  await page.getByRole('button', { name: 'Quarterly' }).click();
  await expect(page.getByRole('table', { name: 'Calls and charges by quarter' })).toContainText('Oct to Dec 2026');
  await expectAccessible(page, 'the plan and usage page');

  await page.getByRole('button', { name: 'Current pricing breakdown' }).click();
  const breakdown = page.getByRole('dialog', { name: 'Current pricing breakdown' });
  await expect(breakdown.getByRole('table', { name: 'Charged per month' })).toContainText('Professional plan');
  await expectAccessible(page, 'the pricing breakdown', { within: breakdown });
  await breakdown.getByRole('button', { name: 'Close' }).click();

  await page.getByRole('button', { name: 'Compare plans' }).click();
  const plans = page.getByRole('dialog', { name: 'Compare plans' });
  await expect(plans.getByRole('row', { name: /^IVR menus/ })).toContainText('Not included');
  await expectAccessible(page, 'the plan comparison', { within: plans });
  await plans.getByRole('button', { name: 'Close' }).click();

  await page.getByRole('link', { name: 'Upgrade centre' }).click();
  await expectHeading(page, 'Upgrade centre');
  await expect(page.getByRole('region', { name: 'Professional plan' })).toContainText('Your current plan');
  await expect(page.getByRole('table', { name: 'Add-ons and their prices' })).toContainText('Speech analytics');
  await page.getByRole('button', { name: 'Compare every feature' }).click();
  await expect(page.getByRole('table', { name: 'Features by plan', exact: true })).toBeVisible();
  await expectAccessible(page, 'the upgrade centre');
  // Each add-on the plan sells is bought where it is priced.
  const addons = page.getByRole('table', { name: 'Add-ons and their prices' });
  await addons.getByRole('button', { name: 'Buy API' }).click();
  let offer = page.getByRole('dialog', { name: 'API' });
  await expect(offer).toContainText('£15');
  await offer.getByRole('button', { name: 'Cancel' }).click();

  // The API's own page, without the add-on, offers it at once rather than vanishing.
  await page.goto('/manage/apisettings');
  await expect(page).toHaveURL(/\/manage\/subscription\?scope=integration_api$/);
  offer = page.getByRole('dialog', { name: 'API' });
  await expect(offer).toContainText('£15');
  await expectAccessible(page, 'the API add-on offered from its page', { within: offer });
});

test("an administrator is refused the upgrade with the spec's text, by the page and by the server", async ({ page }) => {
  await logIn(page, 'starteradmin@demo.test', '/manage/subscription/upgrade');
  const refused = page.getByRole('dialog', { name: NOT_OWNER });
  await expect(refused).toContainText('Please speak to your account owner to upgrade');
  await expectAccessible(page, 'the refused upgrade', { within: refused });
  const reply = await page.request.post('/api/services/upgrade', { headers: { 'X-Admin-Area': '1' }, multipart: {} });
  expect(reply.status()).toBe(403);
  await refused.getByRole('button', { name: 'Cancel' }).click();
  await expectHeading(page, 'Plan: Starter');
});

test('the owner tries speech analytics from /tryspeech: the terms, the days left, how to cancel, and cancels', async ({
  page,
}) => {
  await logIn(page, 'starter@demo.test');
  const menu = sideMenu(page, 'Admin');
  // No speech yet: the menu offers the trial, not Speech Analytics.
  await expect(menu.getByRole('button', { name: 'Speech Analytics', exact: true })).toHaveCount(0);
  await menu.getByRole('link', { name: 'Try speech analytics' }).click();
  await expectHeading(page, 'Try speech analytics');
  await expect(page.getByRole('region', { name: 'Speech analytics' })).toContainText(
    'the first 10 recorded calls each day are transcribed',
  );
  await expectAccessible(page, 'the speech analytics trial offer');

  await page.getByRole('button', { name: 'Start free trial' }).click();
  const dialog = page.getByRole('dialog', { name: 'Try speech analytics' });
  await expect(dialog).toContainText('it becomes Speech analytics at £35 per month (minimum charge £25 per month)');
  await expectAccessible(page, 'the trial in the purchase modal', { within: dialog });
  await dialog.getByRole('button', { name: 'Start free trial' }).click();
  await expect(dialog).toContainText('Please accept the terms and conditions.');
  await dialog.getByRole('checkbox', { name: 'I accept the terms and conditions' }).check();
  await dialog.getByRole('button', { name: 'Start free trial' }).click();
  await expect(dialog).toContainText('Your free trial of speech analytics has started.');
  await expectAccessible(page, 'the purchase modal after the trial started', { within: dialog });
  await dialog.getByRole('button', { name: 'Close' }).click();

  // The days left, when it ends and how to cancel; the menu has Speech Analytics now.
  await expect(page.getByRole('heading', { name: '14 days left' })).toBeVisible();
  await expect(page.getByText(/Your free trial of speech analytics ends at 07\/12\/2026 10:\d\d GMT\./)).toBeVisible();
  const howToCancel = page.getByRole('region', { name: 'How to cancel' });
  await expect(howToCancel).toContainText('To cancel, press Cancel trial on this page before 07/12/2026');
  await expect(menu.getByRole('button', { name: 'Speech Analytics', exact: true })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Try speech analytics' })).toHaveCount(0);
  await expectAccessible(page, 'the running trial');

  // What the trial is for: its transcribed calls, and the words it spots (voice tags), a click away.
  await page.goto('/manage/call-insights');
  await expectHeading(page, 'Speech Insights');
  await expect(page.getByRole('heading', { name: 'Transcribed calls' })).toBeVisible();
  await expect(page.getByText('No recorded call of this period has been transcribed yet.')).toBeVisible();
  await expectAccessible(page, 'Speech Insights at the start of the trial');
  await page.getByRole('link', { name: 'Add your first voice tag' }).click();
  await expectHeading(page, 'Voice tags');
  await page.goto('/manage/tryspeech');
  await expect(page.getByRole('heading', { name: '14 days left' })).toBeVisible();

  // Cancelling asks first; Cancel keeps it.
  await howToCancel.getByRole('button', { name: 'Cancel trial' }).click();
  let confirm = page.getByRole('dialog', { name: 'Are you sure?' });
  await expect(confirm).toContainText('It stays on until the trial ends, then it is turned off and nothing is charged.');
  await expectAccessible(page, 'the cancel confirmation', { within: confirm });
  await confirm.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(page.getByRole('heading', { name: '14 days left' })).toBeVisible();
  await howToCancel.getByRole('button', { name: 'Cancel trial' }).click();
  confirm = page.getByRole('dialog', { name: 'Are you sure?' });
  await confirm.getByRole('button', { name: 'Cancel trial' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your trial is cancelled: nothing will be charged.' })).toBeVisible();
  await expect(page.getByText(/Speech analytics stays on until 07\/12\/2026 10:\d\d GMT/)).toBeVisible();
  await expect(page.getByRole('region', { name: 'How to cancel' })).toHaveCount(0);
  await expectAccessible(page, 'the cancelled trial');
});

test("Stone & Sons' Upgrade chips offer the plan that has the feature: Enterprise for speech, Professional with its price for scores", async ({
  page,
}) => {
  const failures: string[] = [];
  page.on('response', (reply) => {
    if (reply.url().includes('/api/') && reply.status() >= 400) failures.push(`${reply.status()} ${reply.url()}`);
  });
  await logIn(page, 'starter@demo.test');
  const menu = sideMenu(page, 'Admin');
  await menu.getByRole('button', { name: 'Speech Analytics', exact: true }).click();
  // Keyword spotting (voice tags) comes with the speech analytics trial; vocabularies are Enterprise's.
  await expect(menu.getByRole('link', { name: 'Voice tags', exact: true })).toBeVisible();
  for (const label of ['Vocabularies']) {
    await menu.getByRole('button', { name: `${label} Upgrade` }).click();
    const dialog = page.getByRole('dialog', { name: 'Upgrade to Enterprise' });
    await expect(dialog).toContainText('comes with the Enterprise plan, which is priced on application');
    await expect(dialog).not.toContainText('An error occurred');
    await expect(dialog.getByRole('link', { name: 'Contact us' })).toBeVisible();
    await expectAccessible(page, 'the Enterprise upgrade offer', { within: dialog });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  }
  await menu.getByRole('button', { name: 'Call scoring', exact: true }).click();
  await menu.getByRole('button', { name: 'Scores Upgrade' }).click();
  const professional = page.getByRole('dialog', { name: 'Upgrade to Professional' });
  await expect(professional).toContainText('Professional plan: £149 per month');
  await expect(professional.getByRole('button', { name: 'Upgrade', exact: true })).toBeVisible();
  await professional.getByRole('button', { name: 'Cancel' }).click();
  expect(failures).toEqual([]);
});

test('the owner keeps speech analytics after its cancelled trial: the add-on from the plan page, and the breakdown shows it', async ({ page }) => {
  // The trial (above) was cancelled: the add-on is bought to keep speech analytics after it.
  await logIn(page, 'starter@demo.test', '/manage/subscription?scope=report_voice_tags');
  const menu = sideMenu(page, 'Admin');
  const dialog = page.getByRole('dialog', { name: 'Speech analytics' });
  await expect(dialog).toContainText('Speech analytics: £35 per month');
  await expect(dialog).toContainText('Minimum charge: £25 per month.');
  await expectAccessible(page, 'the add-on modal', { within: dialog });
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(dialog).toContainText('Please accept the terms and conditions.');
  await dialog.getByRole('checkbox', { name: 'I accept the terms and conditions' }).check();
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(dialog).toContainText('Speech analytics has been added to your account.');
  await expectAccessible(page, 'the add-on modal after success', { within: dialog });
  // The success box leads to what was unlocked: Speech Insights itself, open now.
  await dialog.getByRole('link', { name: 'Go to Speech Insights' }).click();
  await expect(dialog).toHaveCount(0);
  await expectHeading(page, 'Speech Insights');
  await expect(page.getByRole('heading', { name: 'Voice tags found most' })).toBeVisible();
  await expectAccessible(page, 'the Speech Insights page after the purchase');

  // The scopes were refreshed: no chip, and the item is a link now.
  await expect(menu.getByRole('link', { name: 'Speech Insights', exact: true })).toBeVisible();
  await expect(menu.getByRole('button', { name: 'Speech Insights Add-on' })).toHaveCount(0);

  await page.goto('/manage/subscription');
  await expectHeading(page, 'Plan: Starter');
  await page.getByRole('button', { name: 'Current pricing breakdown' }).click();
  const breakdown = page.getByRole('dialog', { name: 'Current pricing breakdown' });
  await expect(breakdown.getByRole('row', { name: /^Speech analytics/ })).toContainText('£35');
  // The static numbers above the 10 Starter includes: 5 in the demo, one more when buying.spec.ts
  // has bought one for Stone & Sons in the same run (with a pool).
  const numbers = breakdown.getByRole('row', { name: /^Static numbers above the 10 included/ });
  await expect(numbers).toHaveText(/x\d+ \(£5 each\)£\d+\.00$/);
  const above = Number((await numbers.textContent())?.match(/x(\d+) /)?.[1]);
  expect(above).toBeGreaterThanOrEqual(5);
  await expect(numbers).toContainText(`£${above * 5}.00`);
  // The total is what its lines add up to.
  const lines = await breakdown.locator('tbody tr').allTextContents();
  const pence = (text: string) => Math.round(Number(text.replace(/,/g, '')) * 100);
  const sum = lines
    .filter((line) => !line.startsWith('Total per month'))
    .map((line) => line.match(/£([\d,]+(?:\.\d+)?)$/)?.[1])
    .reduce((total, amount) => total + (amount ? pence(amount) : 0), 0);
  const total = (await breakdown.getByRole('row', { name: /^Total per month/ }).textContent())?.match(/£([\d,]+\.\d{2})$/)?.[1];
  expect(total && pence(total)).toBe(sum);
  expect(sum).toBeGreaterThanOrEqual((49 + 35 + above * 5) * 100);
});

test('the Starter owner upgrades to Professional from the advanced routing chip and then uses advanced routing', { tag: '@pg' }, async ({
  page,
}) => {
  await logIn(page, 'starter@demo.test', '/manage/routing');
  await expectHeading(page, 'Call routing');
  await firstSelectedRowToAdvanced(page);
  const main = page.getByRole('main');
  await expect(main.getByRole('combobox', { name: /^Service plan for / })).toHaveCount(0);
  await expectAccessible(page, 'the advanced connect page of a Starter account (Upgrade chip)');

  await main.getByRole('button', { name: 'Upgrade', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Upgrade to Professional' });
  await expect(dialog).toContainText('Professional plan: £149 per month');
  await expectAccessible(page, 'the upgrade modal', { within: dialog });
  await dialog.getByRole('checkbox', { name: 'I accept the terms and conditions' }).check();
  await dialog.getByRole('button', { name: 'Upgrade', exact: true }).click();
  await expect(dialog).toContainText('Your plan has been upgraded to Professional.');
  await dialog.getByRole('button', { name: 'Close' }).click();

  // Without a reload, the page is the advanced routing form now.
  const plan = main.getByRole('combobox', { name: /^Service plan for / }).first();
  await expect(plan).toBeVisible();
  await expectAccessible(page, 'the advanced connect page after the upgrade');
  await expect(main.getByRole('button', { name: 'Upgrade', exact: true })).toHaveCount(0);

  // And it saves: the first number is recorded now, through the advanced page.
  const recording = main.getByRole('switch', { name: /^Recording for / }).first();
  const wasOn = await recording.isChecked();
  await recording.setChecked(!wasOn);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(/\/manage\/routing$/);
  await expect(page.getByText('Success! The numbers will be provisioned shortly.')).toBeVisible();
});

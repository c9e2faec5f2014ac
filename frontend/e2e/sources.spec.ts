import { expect, test } from './fixtures';
import { expectAccessible, expectHeading, logIn } from './helpers';

// Source / mediums: the owner reads the account's pairs, adds a rule to 'bing / cpc',
// moves it with the keyboard, and the classification tester (the server's classifier, through
// wasm) shows a paid Bing click landing in 'bing / cpc' by a landing-page rule.

test('the owner adds a rule for bing / cpc and the tester shows a Bing ad click winning', async ({ page }) => {
  await logIn(page, 'owner@demo.test', '/manage/sources');
  await expectHeading(page, 'Source/mediums');
  const table = page.getByRole('table', { name: 'Source / mediums' });
  await expect(table.getByRole('link', { name: 'bing / cpc' })).toBeVisible();
  await expectAccessible(page, 'the source / mediums list');

  await table.getByRole('link', { name: 'bing / cpc' }).click();
  await expectHeading(page, 'Source/medium');
  const rules = page.getByRole('table', { name: 'Rules of bing / cpc' });
  await expect(rules.getByRole('rowheader', { name: 'utm_source equals "bing"' })).toBeVisible();
  await expectAccessible(page, "bing / cpc's page");

  await page.getByRole('button', { name: 'Add rule' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add rule' });
  await dialog.getByLabel('The rule looks at').selectOption('utmCampaign');
  await dialog.getByLabel('Comparison').selectOption('contains');
  await dialog.getByRole('button', { name: 'Save rule' }).click();
  await expect(dialog.getByText('Value is required.')).toBeVisible();
  await expectAccessible(page, 'the rule dialog', { within: dialog });
  await dialog.getByLabel('Value', { exact: true }).fill('bing_spring');
  await dialog.getByRole('button', { name: 'Save rule' }).click();
  await expect(dialog).toBeHidden();
  const added = rules.getByRole('row').filter({ hasText: 'utm_campaign contains "bing_spring"' });
  await expect(added).toBeVisible();
  const before = await added.getByRole('cell').first().textContent();

  // Keyboard only: one place up.
  const up = page.getByRole('button', { name: 'Move up: utm_campaign contains "bing_spring"' });
  await up.focus();
  await page.keyboard.press('Enter');
  await expect(added.getByRole('cell').first()).not.toHaveText(before ?? '');

  await page.getByLabel('Landing page URL').fill('https://www.harbourlanedental.test/offers?utm_source=bing&utm_medium=cpc');
  const answer = page.getByRole('status').filter({ hasText: 'Decided by' });
  await expect(answer).toContainText('bing / cpc');
  await expect(answer).toContainText('1. Landing-page parameter or URL rule');
  await expect(answer).toContainText('utm_source equals "bing"');
  await page.getByLabel('Landing page URL').fill('https://www.harbourlanedental.test/');
  await page.getByLabel('Referrer').fill('https://www.google.co.uk/');
  await expect(answer).toContainText('google / organic');
  await expect(answer).toContainText('3. Referrer group');
  await expectAccessible(page, 'the tester with an answer');
});

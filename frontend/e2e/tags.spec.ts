import { expect, test } from './fixtures';
import { expectAccessible, expectHeading, logIn } from './helpers';

// Tags: the owner adds a tag with a rule (calls of at least 60 seconds from
// google / cpc), applies it to past calls, finds the tagged calls in the call log, and tags a call
// by hand from its details; axe on each screen and dialog.

test('the owner tags paid calls of a minute by a rule, applies it to past calls and tags a call by hand', async ({
  page,
}) => {
  await logIn(page, 'owner@demo.test', '/manage/tags');
  await expectHeading(page, 'Tags');
  // The page's place in the menu: with scoring, where what applies to every call is.
  const menu = page.getByRole('navigation', { name: 'Admin' });
  await expect(menu.getByRole('link', { name: 'Tags', exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(menu.getByRole('button', { name: 'Call scoring', exact: true })).toHaveAttribute('aria-expanded', 'true');
  const tags = page.getByRole('table', { name: 'Tags' });
  await expect(tags).toContainText('Qualified lead');
  await expectAccessible(page, 'the tags page');

  // A tag: the domain checks the colour as typed.
  await page.getByRole('button', { name: 'Add tag' }).click();
  const add = page.getByRole('dialog', { name: 'Add tag' });
  await add.getByLabel('Description').fill('Paid minute');
  await add.getByLabel('Colour').fill('#ffeb3b');
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(add).toContainText('Choose a darker colour');
  await add.getByLabel('Colour').fill('#0d47a1');
  await expectAccessible(page, 'the Add tag dialog', { within: add });
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(add).toBeHidden();
  await expect(tags).toContainText('Paid minute');

  // Its rule: google / cpc and at least 60 seconds.
  await page.getByRole('button', { name: 'Add rule to Paid minute' }).click();
  const rule = page.getByRole('dialog', { name: 'Add rule to Paid minute' });
  await rule.getByLabel('Source / medium').selectOption({ label: 'google / cpc' });
  await rule.getByLabel('Talked for at least (seconds)').fill('60');
  await expectAccessible(page, 'the rule dialog', { within: rule });
  await rule.getByRole('button', { name: 'Save rule' }).click();
  await expect(rule).toBeHidden();
  await expect(tags.getByRole('list', { name: 'Rules of Paid minute' })).toContainText(
    'Source / medium is google / cpc and Talked for at least 60 seconds',
  );

  // Applied to past calls: the result in words.
  await page.getByRole('button', { name: 'Apply to past calls' }).click();
  const result = page.getByRole('status').filter({ hasText: /calls? tagged of [\d,]+ calls in the last 90 days\./ });
  await expect(result).toBeVisible();
  const tagged = Number((await result.textContent())!.match(/^(\d+) call/)![1]);
  expect(tagged).toBeGreaterThan(0);
  await expect(tags.getByRole('row').filter({ hasText: 'Paid minute' })).not.toContainText('By hand only');

  // A tag for tagging by hand.
  await page.getByRole('button', { name: 'Add tag' }).click();
  await add.getByLabel('Description').fill('Follow up');
  await add.getByLabel('Colour').fill('#4a148c');
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(tags).toContainText('Follow up');

  // The tag's calls in the call log, from its count.
  await tags.getByRole('link', { name: /calls tagged Paid minute in the call log$/ }).click();
  await expect(page).toHaveURL(/\/manage\/reports\?tag=\d+$/);
  await expectHeading(page, 'Call log');
  await expect(page.getByLabel('Tag', { exact: true })).toHaveValue(/\d+/);
  const calls = page.getByRole('table', { name: 'Calls' });
  await expect(calls.locator('tbody tr').first()).toBeVisible();
  const ofTag = calls.locator('tbody tr');
  for (let i = 0; i < (await ofTag.count()); i++) await expect(ofTag.nth(i)).toContainText('Paid minute');

  // Paid search calls of a minute or more carry the tag.
  await page.goto('/manage/reports');
  await expect(calls.locator('tbody tr').first()).toBeVisible();
  const filtered = page.waitForResponse((r) => /getCalls\?.*source=\d+/.test(r.url()));
  await page.getByRole('button', { name: /^More filters/ }).click();
  await page.getByLabel('Source / medium').selectOption({ label: 'google / cpc' });
  await filtered;
  const longer = page.waitForResponse((r) => /getCalls\?.*minDuration=60/.test(r.url()));
  await page.getByLabel('Minimum talk time (seconds)').fill('60');
  await page.getByLabel('Minimum talk time (seconds)').press('Enter');
  await longer;
  await expect(calls).not.toHaveAttribute('aria-busy', 'true');
  const rows = calls.locator('tbody tr');
  const shown = await rows.count();
  expect(shown).toBeGreaterThan(0);
  for (let i = 0; i < shown; i++) await expect(rows.nth(i)).toContainText('Paid minute');

  // A call tagged by hand from its details.
  await rows.first().getByRole('button', { name: /^View call from / }).click();
  const call = page.getByRole('dialog', { name: /^Call from / });
  const callTags = call.getByRole('region', { name: 'Tags' });
  await expect(callTags).toContainText('Paid minute');
  await callTags.getByLabel('Add a tag').selectOption({ label: 'Follow up' });
  await callTags.getByRole('button', { name: 'Tag call' }).click();
  await expect(callTags.getByRole('list', { name: 'Tags on this call' })).toContainText('Follow up');
  await expectAccessible(page, "a call's detail with its tags", { within: call });
  await call.getByRole('button', { name: 'Close' }).click();
  await expect(call).toBeHidden();
  await page.reload();
  await expect(calls.locator('tbody tr').first()).toContainText('Follow up');

  // Deleting the hand tag asks first, with the call it is on.
  await page.goto('/manage/tags');
  await page.getByRole('button', { name: 'Delete Follow up' }).click();
  const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
  await expect(confirm).toContainText("Delete the tag 'Follow up'? It will be removed from 1 call.");
  await expectAccessible(page, 'the delete confirmation', { within: confirm });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The tag was deleted and taken off 1 call.' })).toBeVisible();
});

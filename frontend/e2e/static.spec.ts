import { expect, test } from './fixtures';
import { expectAccessible, expectHeading, logIn, PASSWORD, unique } from './helpers';

// Campaigns and numbers: a static number from its purchase to its release.

test('the owner buys a static number, edits, moves and releases it from its campaign', async ({ page }) => {
  // A long flow (a purchase, three dialogs, a release and four axe runs): about 17 s alone.
  test.slow();
  const u = unique();
  const target = `Moved here ${u}`;
  const bought = `Flow campaign ${u}`;
  const media = `Flow signage ${u}`;
  const channel = `Flow channel ${u}`;

  // A campaign to move the number to, added on the campaigns page.
  await logIn(page, 'owner@demo.test', '/manage/campaigns');
  await expectHeading(page, 'Campaigns');
  const campaigns = page.getByRole('table', { name: 'Campaigns' });
  await expect(campaigns).not.toHaveAttribute('aria-busy');
  await expectAccessible(page, 'the campaigns page');
  await page.getByRole('button', { name: 'Add campaign' }).click();
  const add = page.getByRole('dialog', { name: 'Add campaign' });
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(add.getByText('Description is required.')).toBeVisible();
  await expectAccessible(page, 'the add campaign dialog', { within: add });
  await add.getByLabel('Campaign name').fill(target);
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Campaign '${target}' added.` })).toBeVisible();

  // The purchase, into a new campaign.
  await page.goto('/manage/services/static');
  await expectHeading(page, 'Add static numbers');
  await page.getByLabel('Prefix').selectOption({ label: '0330 496 (National (03))' });
  await page.getByLabel('Destination plan').selectOption({ index: 1 });
  await page.getByRole('button', { name: 'Add campaign' }).click();
  const inline = page.getByRole('dialog', { name: 'Add campaign' });
  await inline.getByLabel('Description').fill(bought);
  await inline.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByLabel('Campaign', { exact: true }).locator('option:checked')).toHaveText(bought);
  await page.getByLabel('Media description').fill(media);
  await page.getByRole('button', { name: 'Buy' }).click();

  // It lands on its campaign, the number marked New.
  await expect(page).toHaveURL(/\/manage\/campaigns\/\d+$/);
  await expectHeading(page, bought);
  await expect(page.getByRole('status').filter({ hasText: 'Your static number has been successfully added.' })).toBeVisible();
  const numbers = page.getByRole('table', { name: 'Campaign numbers' });
  const row = numbers.getByRole('row').filter({ hasText: media });
  await expect(row).toHaveClass(/row-new/);
  await expect(row.getByText('New', { exact: true })).toBeVisible();
  const number = (await row.getByRole('link').first().innerText()).trim();
  expect(number).toMatch(/^0330 496 0\d{3}$/);
  await expectAccessible(page, 'the campaign page');

  // Its channel, a new one added on the way.
  await row.getByRole('checkbox', { name: `Select ${number}` }).check();
  await page.getByRole('button', { name: 'Edit attribution' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit attribution' });
  await expect(edit.getByLabel('Media description')).toHaveValue(media);
  await expectAccessible(page, 'the edit attribution dialog', { within: edit });
  await edit.getByRole('button', { name: 'Add channel' }).click();
  const addChannel = page.getByRole('dialog', { name: 'Add channel' });
  await addChannel.getByLabel('Description').fill(channel);
  await expectAccessible(page, 'the add channel dialog', { within: addChannel });
  await addChannel.getByRole('button', { name: 'Save' }).click();
  await expect(addChannel).toBeHidden();
  await expect(edit.getByLabel('Channel', { exact: true }).locator('option:checked')).toHaveText(channel);
  const saved = page.waitForResponse((r) => r.url().includes('/api/managenumbers/updateNumbers'));
  await edit.getByRole('button', { name: 'Save' }).click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByRole('status').filter({ hasText: `${number} saved.` })).toBeVisible();
  await expect(row).toContainText(channel);

  // Its own page.
  await row.getByRole('link', { name: number }).click();
  await expectHeading(page, number);
  await expect(page.getByLabel('Channel', { exact: true }).locator('option:checked')).toHaveText(channel);
  await expect(page.getByRole('heading', { name: 'Where a call goes now' })).toBeVisible();
  await expectAccessible(page, "the number's page");
  await page.goBack();
  await expectHeading(page, bought);

  // Moved to the other campaign.
  await row.getByRole('checkbox', { name: `Select ${number}` }).check();
  await page.getByRole('button', { name: 'Move' }).click();
  const move = page.getByRole('dialog', { name: 'Move to another campaign' });
  await move.getByLabel('Campaign', { exact: true }).selectOption({ label: target });
  await expectAccessible(page, 'the move dialog', { within: move });
  await move.getByRole('button', { name: 'Move' }).click();
  await expect(page.getByRole('status').filter({ hasText: `1 number moved to '${target}'.` })).toBeVisible();
  await expect(numbers).toContainText('This campaign holds no numbers yet.');

  // Found on /numbers by the number as shown, and released from its new campaign.
  await page.goto('/manage/numbers');
  await expectHeading(page, 'Numbers');
  const all = page.getByRole('table', { name: 'Tracked numbers' });
  const listed = page.waitForResponse(
    (r) => r.url().includes('/api/managenumbers/getNumbers') && r.url().includes(`search=${encodeURIComponent(number).replace(/%20/g, '+')}`),
  );
  await page.getByRole('searchbox', { name: 'Search' }).fill(number);
  await listed;
  await expect(all.getByRole('row').filter({ hasText: number })).toContainText(target);
  await expectAccessible(page, 'the numbers page');
  await all.getByRole('link', { name: number }).click();
  await expectHeading(page, number);

  // A campaign holding a number is not deleted: the refusal says why.
  await page.goto('/manage/campaigns');
  await expectHeading(page, 'Campaigns');
  await page.getByRole('searchbox', { name: 'Search' }).fill(target);
  const targetRow = page.getByRole('table', { name: 'Campaigns' }).getByRole('row').filter({ hasText: target });
  await expect(page.getByText('1 record(s)')).toBeVisible();
  await targetRow.getByRole('button', { name: `Delete ${target}` }).click();
  const remove = page.getByRole('dialog', { name: 'Delete campaign' });
  await expectAccessible(page, 'the delete campaign dialog', { within: remove });
  await remove.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('alert')).toHaveText('This campaign holds 1 number. Move or release it first.');
  await targetRow.getByRole('link', { name: target }).click();
  await expectHeading(page, target);
  const moved = page.getByRole('table', { name: 'Campaign numbers' }).getByRole('row').filter({ hasText: number });
  await moved.getByRole('checkbox', { name: `Select ${number}` }).check();
  await page.getByRole('button', { name: 'Release' }).click();
  const confirm = page.getByRole('dialog', { name: `Release ${number}` });
  await expect(confirm).toContainText('30/11/2026');
  await expectAccessible(page, 'the release dialog', { within: confirm });
  await confirm.getByRole('button', { name: 'Release' }).click();
  const password = page.getByRole('dialog', { name: 'Confirm your password to release' });
  await password.getByLabel('Password').fill(PASSWORD);
  await expectAccessible(page, 'the password dialog', { within: password });
  const released = page.waitForResponse((r) => r.url().includes('/api/managenumbers/releaseNumbers'));
  await password.getByRole('button', { name: 'Confirm' }).click();
  expect((await released).status()).toBe(200);
  await expect(page.getByRole('status').filter({ hasText: `Released ${number}.` })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Campaign numbers' })).toContainText('This campaign holds no numbers yet.');

  // Empty now, it can go.
  await page.goto('/manage/campaigns');
  await page.getByRole('searchbox', { name: 'Search' }).fill(target);
  await expect(page.getByText('1 record(s)')).toBeVisible();
  await page.getByRole('button', { name: `Delete ${target}` }).click();
  await page.getByRole('dialog', { name: 'Delete campaign' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Campaign '${target}' deleted.` })).toBeVisible();
});

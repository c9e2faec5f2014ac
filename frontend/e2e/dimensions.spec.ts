import { expect, test } from './fixtures';
import { expectAccessible, expectHeading, logIn } from './helpers';

// Custom dimensions: Atlas's owner (Enterprise, with sales data) sees the demo's
// fields with their calls, adds a choice field (the domain's message as typed first), sets it and
// a number on the newest call from its details in the call log, and deletes the field after the
// question; axe on each screen and dialog.

test('the owner adds a custom dimension and sets it on a call from the call log', async ({ page }) => {
  await logIn(page, 'enterprise@demo.test', '/manage/customdimensions');
  await expectHeading(page, 'Custom dimensions');
  const table = page.getByRole('table', { name: 'Custom dimensions' });
  await expect(table.getByRole('row').filter({ hasText: 'Policy type' })).toContainText('Car, Home, Travel, Business');
  await expectAccessible(page, 'the custom dimensions list');

  await page.getByRole('button', { name: 'Add custom dimension' }).click();
  const add = page.getByRole('dialog', { name: 'Add custom dimension' });
  await add.getByLabel('Name').fill('Branch');
  await add.getByLabel('Type').selectOption({ label: 'Choice from a list' });
  await add.getByLabel('Choices').fill('Dublin');
  await expect(add).toContainText('A choice field needs at least 2 choices, one a line.');
  await add.getByLabel('Choices').fill('Dublin\nCork\nGalway');
  await expectAccessible(page, 'the Add custom dimension dialog', { within: add });
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(add).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: "The custom dimension 'Branch' was saved." })).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: 'Branch' })).toContainText('Dublin, Cork, Galway');

  // The newest call's details: the fields with its values, set and saved.
  await page.goto('/manage/reports');
  const calls = page.getByRole('table', { name: 'Calls' });
  await calls.locator('tbody tr').first().getByRole('button', { name: /^View call from / }).click();
  const call = page.getByRole('dialog', { name: /^Call from / });
  const form = call.getByRole('form', { name: 'Custom dimensions of this call' });
  await form.getByLabel('Branch').selectOption('Cork');
  await form.getByLabel('Quoted premium').fill('£12');
  await expect(form).toContainText('Enter a number, such as 1250 or 99.95.');
  await form.getByLabel('Quoted premium').fill('1,249.50');
  await expectAccessible(page, "a call's custom dimensions", { within: call });
  await form.getByRole('button', { name: 'Save values' }).click();
  await expect(call.getByRole('status').filter({ hasText: 'The custom dimensions were saved.' })).toBeVisible();
  await expect(form.getByLabel('Quoted premium')).toHaveValue('1249.5');
  await call.getByRole('button', { name: 'Close' }).click();

  // The field now has a call; deleting it asks first.
  await page.goto('/manage/customdimensions');
  await expect(table.getByRole('row').filter({ hasText: 'Branch' }).getByRole('cell').nth(3)).toHaveText('1');
  await page.getByRole('button', { name: 'Delete Branch' }).click();
  const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
  await expect(confirm).toContainText("Delete the custom dimension 'Branch'? Its value on 1 call goes with it.");
  await expectAccessible(page, 'the delete confirmation', { within: confirm });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('status').filter({ hasText: "The custom dimension 'Branch' was deleted." })).toBeVisible();
});

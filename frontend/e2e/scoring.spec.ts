import { expect, test } from './fixtures';
import { expectAccessible, expectHeading, logIn } from './helpers';

// Call scoring: the owner adds a question to the demo's scorecard, scores a call with
// it from the call log and sees its score in the log; then adds and renames a call category and
// sees a used category's delete refused in words; axe on each screen and dialog.

test('the owner adds a scorecard question, scores a call from the call log and sees its score there', async ({ page }) => {
  // Four axe runs and a scored call: near the default 30 s on a busy machine.
  test.slow();
  await logIn(page, 'owner@demo.test', '/manage/scores');
  await expectHeading(page, 'Scores');
  const cards = page.getByRole('table', { name: 'Scorecards' });
  await expect(cards).toContainText('New patient call');
  await expect(page.getByRole('list', { name: 'Lead rules' })).toContainText('Talked for at least 120 seconds');
  await expectAccessible(page, 'the scores page');

  // A sixth question: a yes / no of weight 2.
  await page.getByRole('button', { name: 'Edit New patient call' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit scorecard' });
  await edit.getByRole('button', { name: 'Add question' }).click();
  await edit.getByRole('button', { name: 'Save scorecard' }).click();
  await expect(edit).toContainText('Question is required.');
  await edit.getByRole('textbox', { name: 'Question 6' }).fill('Did we confirm the appointment by text?');
  await edit.getByLabel('Weight 6').selectOption('2');
  await expectAccessible(page, 'the scorecard dialog', { within: edit });
  await edit.getByRole('button', { name: 'Save scorecard' }).click();
  await expect(edit).toBeHidden();
  await expect(cards.getByRole('list', { name: 'Questions of New patient call' })).toContainText(
    'Did we confirm the appointment by text?',
  );

  // The newest call, scored from its details: a radio group a question.
  await page.goto('/manage/reports');
  const calls = page.getByRole('table', { name: 'Calls' });
  await expect(calls.locator('tbody tr').first()).toBeVisible();
  await calls.locator('tbody tr').first().getByRole('button', { name: /^View call from / }).click();
  const call = page.getByRole('dialog', { name: /^Call from / });
  const score = call.getByRole('region', { name: 'Score' });
  await score.getByLabel('Scorecard').selectOption({ label: 'New patient call' });
  const form = score.getByRole('form', { name: 'Score this call' });
  await form.getByRole('button', { name: 'Save score' }).click();
  await expect(form.getByText('Answer every question.').first()).toBeVisible();
  const groups = form.getByRole('group');
  await expect(groups).toHaveCount(6);
  for (let i = 0; i < 6; i++) {
    const group = groups.nth(i);
    const yes = group.getByRole('radio', { name: 'Yes' });
    if ((await yes.count()) > 0) await (i === 2 ? group.getByRole('radio', { name: 'No' }) : yes).check();
    else await group.getByRole('radio', { name: '4' }).check();
  }
  // 2 + 3 + 0 + 3 × 0.75 + 2 × 0.75 + 2 of 17 = 10.75 / 17 = 63%.
  await expect(form.getByText('Score: 63%')).toBeVisible();
  await expectAccessible(page, "a call's detail with its scorecard", { within: call });
  await form.getByRole('button', { name: 'Save score' }).click();
  await expect(score.getByRole('status')).toHaveText('Scored 63% with New patient call.');
  await expect(score.getByRole('list', { name: 'Scores given' })).toContainText('63% with New patient call');
  await call.getByRole('button', { name: 'Close' }).click();
  await expect(call).toBeHidden();
  await expect(calls.locator('tbody tr').first()).toContainText('63%');

  // The score filter finds it.
  const scored = page.waitForResponse((r) => /getCalls\?.*minScore=63/.test(r.url()));
  await page.getByRole('button', { name: /^More filters/ }).click();
  await page.getByLabel('Minimum score (%)').fill('63');
  await scored;
  await expect(calls).not.toHaveAttribute('aria-busy', 'true');
  await expect(calls.locator('tbody tr').first()).toContainText('%');
  await expectAccessible(page, 'the call log with the score filter');
});

test('the owner adds and renames a category and sees why a used one cannot be deleted', async ({ page }) => {
  await logIn(page, 'owner@demo.test', '/manage/categories');
  await expectHeading(page, 'Categories');
  const table = page.getByRole('table', { name: 'Call categories' });
  await expect(table.getByRole('row').filter({ hasText: 'Billing question' })).toContainText("IVR 'Billing menu' key 1");
  await expectAccessible(page, 'the categories page');

  const add = page.getByRole('form', { name: 'New category' });
  await add.getByLabel('New category').fill('billing question');
  await add.getByRole('button', { name: 'Add category' }).click();
  await expect(add).toContainText('Description must be unique.');
  await add.getByLabel('New category').fill('Orthodontics');
  await add.getByRole('button', { name: 'Add category' }).click();
  await expect(page.getByRole('status')).toHaveText("The category 'Orthodontics' was added.");
  await expect(table).toContainText('Orthodontics');

  await page.getByRole('button', { name: 'Rename Orthodontics' }).click();
  const rename = page.getByRole('form', { name: 'New name for Orthodontics' });
  await rename.getByLabel('New name for Orthodontics').fill('Braces');
  await expectAccessible(page, 'the inline rename');
  await rename.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status')).toHaveText("The category was renamed to 'Braces'. Its calls follow.");
  await expect(table).toContainText('Braces');
  await expect(table).not.toContainText('Orthodontics');

  // A used category: the refusal says where it is used.
  await page.getByRole('button', { name: 'Delete Billing question' }).click();
  // The IVR flow may have cloned 'Billing menu' earlier in the run: its copy uses it too.
  await expect(page.getByRole('alert')).toHaveText(
    /^The category 'Billing question' is used by IVR 'Billing menu' key 1( and IVR '[^']+' key \d+)*: choose another category there first\.$/,
  );
  await expect(table).toContainText('Billing question');

  // An unused one goes after the question.
  await page.getByRole('button', { name: 'Delete Braces' }).click();
  const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
  await expect(confirm).toContainText("Delete the category 'Braces'? No calls are in it.");
  await expectAccessible(page, 'the delete confirmation', { within: confirm });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('status')).toHaveText("The category 'Braces' was deleted.");
  await expect(table).not.toContainText('Braces');
});

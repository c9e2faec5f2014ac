// The routing list's selection is never kept out of sight: the list says how many selected rows
// its page does not show, Clear selection empties it, and a connect page's Cancel drops it (asking
// first when there are edits), so neither the list nor a reload brings it back unseen.
import { type Locator, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectAccessible, expectHeading, logIn } from './helpers';

function routingTable(page: Page): Locator {
  return page.getByRole('table', { name: 'Call routing' });
}

/** The toolbar's note of the selection. */
function selectionNote(page: Page): Locator {
  return page.getByRole('status').filter({ hasText: /^(\d+ selected|Selection cleared)/ });
}

function rowCheckbox(page: Page, name: string): Locator {
  return routingTable(page).getByRole('checkbox', { name: `Select ${name}`, exact: true });
}

/** The names (as the checkboxes say them) of the first `count` static numbers on the shown page. */
async function staticNumbersShown(page: Page, count: number): Promise<string[]> {
  const rows = routingTable(page)
    .locator('tbody tr')
    .filter({ has: page.getByRole('cell', { name: 'Static', exact: true }) });
  const names: string[] = [];
  for (let i = 0; i < count; i++) {
    const label = await rows.nth(i).getByRole('checkbox').getAttribute('aria-label');
    names.push(label!.replace(/^Select /, ''));
  }
  return names;
}

async function expectNothingSelected(page: Page, numbers: string[]): Promise<void> {
  for (const number of numbers) await expect(rowCheckbox(page, number)).not.toBeChecked();
  await expect(page.getByText(/\d+ selected/)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Connect', exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Clear selection' })).toHaveCount(0);
}

test('a selection hidden by a search is said and cleared; Cancel on a connect page asks about edits and drops it', async ({
  page,
}) => {
  await logIn(page, 'owner@demo.test', '/manage/routing');
  await expectHeading(page, 'Call routing');
  await expect(routingTable(page)).not.toHaveAttribute('aria-busy');
  const numbers = await staticNumbersShown(page, 2);
  for (const number of numbers) await rowCheckbox(page, number).check();
  await expect(selectionNote(page)).toHaveText('2 selected');

  // A search that leaves them out: the note says they are still selected, but not shown.
  const search = page.getByRole('searchbox', { name: 'Search' });
  await search.fill('dynamic pool');
  await expect(rowCheckbox(page, numbers[0])).toHaveCount(0);
  await expect(routingTable(page).locator('tbody tr').first()).toContainText('Dynamic pool');
  await expect(selectionNote(page)).toHaveText('2 selected, none of them shown on this page');
  await expectAccessible(page, 'the call routing list with a selection the search hides');

  // Clear selection, by the keyboard: nothing stays selected out of sight.
  await page.getByRole('button', { name: 'Clear selection' }).focus();
  await page.keyboard.press('Enter');
  await expect(selectionNote(page)).toHaveText('Selection cleared');
  await search.fill('');
  await expect(rowCheckbox(page, numbers[0])).toBeVisible();
  await expectNothingSelected(page, numbers);

  // Selected again, to a connect page (basic or advanced, as their routing needs) with an edit.
  for (const number of numbers) await rowCheckbox(page, number).check();
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page).toHaveURL(/\/manage\/routing\/numbers(\/advanced)?$/);
  const description = page.getByRole('textbox', { name: `Description for ${numbers[0]}`, exact: true });
  await expect(description).toBeVisible();
  await description.fill(`${await description.inputValue()} (not to be saved)`);
  const cancel = page.getByRole('button', { name: 'Cancel', exact: true });

  // Cancel asks; Keep editing stays with the edit.
  await cancel.click();
  const asked = page.getByRole('dialog', { name: 'Discard your changes?' });
  await expect(asked).toBeVisible();
  await expect(asked.getByRole('button', { name: 'Keep editing' })).toBeFocused();
  await expectAccessible(page, 'the discard changes dialog', { within: asked });
  await asked.getByRole('button', { name: 'Keep editing' }).click();
  await expect(asked).toHaveCount(0);
  await expect(description).toHaveValue(/\(not to be saved\)$/);

  // Cancel, Discard changes: back on the list with nothing selected, and so after a reload.
  await cancel.click();
  await asked.getByRole('button', { name: 'Discard changes' }).click();
  await expect(page).toHaveURL(/\/manage\/routing$/);
  await expect(routingTable(page)).toBeVisible();
  await expect(routingTable(page)).not.toHaveAttribute('aria-busy');
  await expectNothingSelected(page, numbers);
  await expect(routingTable(page)).not.toContainText('(not to be saved)');

  await page.reload();
  await expectHeading(page, 'Call routing');
  await expect(routingTable(page)).not.toHaveAttribute('aria-busy');
  await expect(rowCheckbox(page, numbers[0])).toBeVisible();
  await expectNothingSelected(page, numbers);
});

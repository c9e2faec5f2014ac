import { type Locator, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectAccessible, expectHeading, logIn } from './helpers';

// The sandbox tag manager's demo (crates/server/src/seed/tag_manager.rs): Harbour Lane Dental has
// one account with the containers www.harbourlanedental.co.uk (one workspace, publishes) and
// book.harbourlanedental.co.uk ("Default Workspace" has other changes: manual publish, and
// "Summer campaign"). The tests run in order on the fresh database of one run: the first sets up
// www, the second sees it already set up.

const WWW = 'www.harbourlanedental.co.uk';
const BOOK = 'book.harbourlanedental.co.uk';

function setupDialog(page: Page): Locator {
  return page.getByRole('dialog', { name: 'Tag manager setup' });
}

/** The routing list, then the tag manager dialog opened from its toolbar. */
async function openTagManager(page: Page): Promise<Locator> {
  await expectHeading(page, 'Call routing');
  await expect(page.getByRole('table', { name: 'Call routing' })).toBeVisible();
  await page.getByRole('button', { name: 'Tag manager', exact: true }).click();
  const dialog = setupDialog(page);
  await expect(dialog).toBeVisible();
  return dialog;
}

/**
 * Chooses a container (the one account is chosen for the user) and goes on. `check` runs the
 * accessibility check on the container step first (once is enough: the same step each time).
 */
async function chooseContainer(dialog: Locator, name: string, check = false): Promise<void> {
  const container = dialog.getByRole('combobox', { name: 'Container' });
  await expect(container).toBeVisible();
  // The only account was chosen automatically.
  await expect(dialog.locator('.tagmanager-choices')).toContainText('Harbour Lane Dental');
  if (check) await expectAccessible(dialog.page(), 'the Tag manager setup dialog, container step', { within: dialog });
  await container.selectOption({ label: name });
  await dialog.getByRole('button', { name: 'Continue' }).click();
}

test.describe.serial('Tag manager setup', () => {
  test.beforeEach(async ({ page }) => {
    await logIn(page, 'owner@demo.test', '/manage/routing');
  });

  test('a container with one workspace: the tag is created and published; a second time it is already set up', async ({
    page,
  }) => {
    let dialog = await openTagManager(page);
    await chooseContainer(dialog, WWW, true);
    // One workspace: chosen automatically, no workspace to pick.
    await expect(dialog.getByRole('heading', { name: 'Tag created and published' })).toBeVisible();
    await expect(dialog.getByRole('combobox', { name: 'Workspace' })).toHaveCount(0);
    await expect(dialog).toContainText(WWW);
    await expect(dialog.getByRole('alert')).toHaveCount(0);
    await expectAccessible(page, 'the Tag manager setup dialog, published outcome', { within: dialog });
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();

    dialog = await openTagManager(page);
    await chooseContainer(dialog, WWW);
    await expect(dialog.getByRole('heading', { name: 'Already set up' })).toBeVisible();
    await expect(dialog).toContainText(`Tag manager is already set up for ${WWW}`);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
  });

  test('a container with two workspaces: choosing "Default Workspace" (other changes) asks for a manual publish', async ({
    page,
  }) => {
    const dialog = await openTagManager(page);
    await chooseContainer(dialog, BOOK);
    const workspace = dialog.getByRole('combobox', { name: 'Workspace' });
    await expect(workspace).toBeVisible();
    await expectAccessible(page, 'the Tag manager setup dialog, workspace step', { within: dialog });
    await workspace.selectOption({ label: 'Default Workspace' });
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(dialog.getByRole('heading', { name: 'Tag created: publish it manually' })).toBeVisible();
    await expect(dialog).toContainText(`workspace Default Workspace of ${BOOK}`);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
  });
});

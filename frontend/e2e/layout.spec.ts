import { type Locator, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectAccessible, expectHeading, logIn, unique } from './helpers';

// Issue 55's friction list: cards pad their content, the Users table and the permission grid fit
// a 1280 px screen, and the service plan editor works on a 390 px phone.

/** A table's sideways scroll: the element around it that scrolls when the table is too wide. */
async function scrollerOf(table: Locator): Promise<Locator> {
  const scroller = table.locator('xpath=..');
  expect(await scroller.evaluate((e) => getComputedStyle(e).overflowX), 'the table scrolls in its parent').toBe('auto');
  return scroller;
}

/** Whether the element shows all of its content across (a pixel of rounding allowed). */
function fitsAcross(element: Locator): Promise<boolean> {
  return element.evaluate((e) => e.scrollWidth <= e.clientWidth + 1);
}

function pageFitsAcross(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

async function expectTableFits(page: Page, table: Locator, what: string): Promise<void> {
  await expect(table.locator('tbody tr').first()).toBeVisible();
  expect(await fitsAcross(await scrollerOf(table)), `${what} fits its card`).toBe(true);
  expect(await pageFitsAcross(page), `the page of ${what} does not scroll sideways`).toBe(true);
}

/** The card's padding on each side, and how far `inside` sits from the card's left edge. */
async function expectPadded(card: Locator, inside: Locator, what: string): Promise<void> {
  const padding = await card.evaluate((e) => {
    const style = getComputedStyle(e);
    return [style.paddingTop, style.paddingRight, style.paddingBottom, style.paddingLeft].map(parseFloat);
  });
  for (const side of padding) expect(side, `${what}: the card's padding`).toBeGreaterThanOrEqual(16);
  const [cardBox, insideBox] = [await card.boundingBox(), await inside.boundingBox()];
  expect(insideBox!.x - cardBox!.x, `${what}: its content is inset from the card's edge`).toBeGreaterThanOrEqual(16);
}

test('at 1280 px the Users table and the permission grid fit their cards, which pad them', async ({ page }) => {
  await logIn(page, 'owner@demo.test', '/manage/users');
  await expectHeading(page, 'Users');
  const views = page.getByRole('group', { name: 'Users to show' });
  const names = await views.getByRole('button').allInnerTexts();
  expect(names).toContain('On account');
  // Each view, ending on the first: its table is the one checked below.
  for (const name of [...names.slice(1), names[0]]) {
    await views.getByRole('button', { name, exact: true }).click();
    await expectTableFits(page, page.getByRole('table', { name, exact: true }), `the Users table (${name})`);
  }
  const users = page.getByRole('table', { name: names[0], exact: true });
  await expectPadded(page.locator('.card').filter({ has: users }), users, 'the Users card');
  await expectAccessible(page, 'the Users list at 1280 px');

  await users.getByRole('link', { name: 'Edit', exact: true }).first().click();
  await expect(page).toHaveURL(/\/manage\/users\/\d+$/);
  const grid = page.getByRole('table', { name: 'Permissions', exact: true });
  await expect(grid).toBeVisible();
  await expectTableFits(page, grid, 'the permission grid');
  const details = page.getByRole('region', { name: 'Main details' });
  await expectPadded(details, details.getByLabel('First name', { exact: true }), 'the Main details card');
  await expectAccessible(page, 'the user form and its permission grid at 1280 px');
});

test("at 1280 px a partner's user form fits, with its partner permissions grid", async ({ page }) => {
  await logIn(page, 'partner@demo.test', '/manage/users');
  await expectHeading(page, 'Users');
  const users = page.getByRole('table', { name: 'On account', exact: true });
  await expectTableFits(page, users, "the partner's Users table");
  await users.getByRole('link', { name: 'Edit', exact: true }).first().click();
  await expect(page).toHaveURL(/\/manage\/users\/\d+$/);
  for (const name of ['Partner permissions', 'Permissions']) {
    await expectTableFits(page, page.getByRole('table', { name, exact: true }), `the ${name} grid`);
  }
  await expectAccessible(page, "a partner's user form at 1280 px");
});

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('an owner adds a service plan without scrolling sideways', async ({ page }) => {
    await logIn(page, 'owner@demo.test', '/manage/routing');
    await expectHeading(page, 'Call routing');
    const routing = page.getByRole('table', { name: 'Call routing' });
    await expect(routing).not.toHaveAttribute('aria-busy');
    await routing.locator('tbody tr').first().getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    await expect(page).toHaveURL(/\/manage\/routing\/numbers\/advanced$/);
    const row = page.getByRole('table', { name: 'Selected numbers and pools' }).locator('tbody tr').first();
    const planSelect = row.getByRole('combobox', { name: /^Service plan for / });
    await expect(planSelect).toBeEnabled();
    expect(await pageFitsAcross(page), 'the advanced routing page does not scroll sideways').toBe(true);

    await row.getByRole('button', { name: 'Add service plan', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Add service plan' });
    await expect(dialog).toBeVisible();
    expect(await pageFitsAcross(page), 'the page under the editor does not scroll sideways').toBe(true);
    expect(await fitsAcross(dialog), 'the editor does not scroll sideways').toBe(true);
    const rows = dialog.getByRole('table', { name: 'Time of day rows' });
    expect(await fitsAcross(await scrollerOf(rows)), 'the time rows do not scroll sideways').toBe(true);

    // The row's controls stack (From above To above Goes to), each within the screen's width.
    const from = dialog.getByRole('combobox', { name: 'From day, row 1', exact: true });
    const to = dialog.getByRole('combobox', { name: 'To day, row 1', exact: true });
    const target = dialog.getByRole('combobox', { name: 'Destination plan, row 1', exact: true });
    const controls = [
      from,
      dialog.getByRole('combobox', { name: 'From minute, row 1', exact: true }),
      to,
      dialog.getByRole('combobox', { name: 'To minute, row 1', exact: true }),
      dialog.getByRole('combobox', { name: 'Type, row 1', exact: true }),
      target,
      dialog.getByRole('button', { name: 'Remove row 1', exact: true }),
    ];
    for (const control of controls) {
      const box = (await control.boundingBox())!;
      expect(box.x, 'a control starts on the screen').toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, 'a control ends on the screen').toBeLessThanOrEqual(390);
    }
    const [fromBox, toBox, targetBox] = [await from.boundingBox(), await to.boundingBox(), await target.boundingBox()];
    expect(toBox!.y, 'To is under From').toBeGreaterThanOrEqual(fromBox!.y + fromBox!.height);
    expect(targetBox!.y, 'Goes to is under To').toBeGreaterThanOrEqual(toBox!.y + toBox!.height);

    const description = `Phone plan ${unique()}`;
    await dialog.getByLabel('Description', { exact: true }).fill(description);
    await target.selectOption({ label: 'Reception' });
    await expect(dialog.getByText('No gaps or overlaps: every minute of the week goes to exactly one row.')).toBeVisible();

    const save = dialog.getByRole('button', { name: 'Save', exact: true });
    await save.scrollIntoViewIfNeeded();
    await expect(save).toBeInViewport();
    const saveBox = (await save.boundingBox())!;
    expect(saveBox.x + saveBox.width, 'Save ends on the screen').toBeLessThanOrEqual(390);
    await expectAccessible(page, 'the Add service plan dialog at 390 px', { within: dialog });
    await save.click();

    await expect(dialog).toHaveCount(0);
    await expect(page.getByText(`Service plan '${description}' saved.`)).toBeVisible();
    await expect(planSelect.locator('option:checked')).toHaveText(description);
  });
});

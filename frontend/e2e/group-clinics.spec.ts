import { type Locator, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectAccessible, expectHeading, logIn } from './helpers';

// A group account's Clinics page: group@demo.test (Northern Clinics Group) sees each member
// clinic's totals beside the others' and their sum, reads one call log across the clinics,
// narrows it to a clinic and to outcomes, and goes into a clinic, or into one call in its clinic.

const CLINICS = ['Northern Clinics - Manchester', 'Northern Clinics - Newcastle', 'Northern Clinics - Sheffield'];

/** The figure a cell of the clinics' table starts with (its change follows it). */
async function figure(cell: Locator): Promise<number> {
  return Number((await cell.innerText()).match(/^\s*(\d+)/)![1]);
}

async function openClinics(page: Page): Promise<Locator> {
  await logIn(page, 'group@demo.test', '/manage/reports');
  await page.getByRole('navigation', { name: 'Reports' }).getByRole('link', { name: 'Clinics' }).click();
  await expect(page).toHaveURL(/\/manage\/reports\/clinics$/);
  await expectHeading(page, 'Clinics');
  const calls = page.getByRole('table', { name: 'Calls' });
  await expect(calls.locator('tbody tr').first()).toBeVisible();
  return calls;
}

test("a group reads its clinics' totals and one call log across them, then opens a clinic", async ({ page }) => {
  const calls = await openClinics(page);
  const table = page.getByRole('table', { name: 'Clinics' });
  const rows = table.locator('tbody tr');
  await expect(rows).toHaveCount(3);
  for (const [i, name] of CLINICS.entries()) await expect(rows.nth(i).getByRole('rowheader')).toHaveText(name);
  const foot = table.locator('tfoot tr');
  await expect(foot.getByRole('rowheader')).toHaveText('Total');
  await expect(foot).toContainText('vs previous 30 days');
  const each = await Promise.all([0, 1, 2].map((i) => figure(rows.nth(i).getByRole('cell').first())));
  expect(await figure(foot.getByRole('cell').first())).toBe(each.reduce((a, b) => a + b, 0));
  await expect(page.getByText(/^[\d,]+ calls from 25\/10\/2026 to 23\/11\/2026$/)).toBeVisible();
  await expectAccessible(page, "a group's clinics page");

  // One clinic's calls: every row names it, and they are as many as its row of totals says.
  const newcastle = page.waitForResponse((r) => /getGroupCalls\?clinic=502$/.test(r.url()));
  await page.getByLabel('Clinic', { exact: true }).selectOption({ label: CLINICS[1] });
  await expect(page).toHaveURL(/clinic=502/);
  await newcastle;
  await expect(calls).not.toHaveAttribute('aria-busy', 'true');
  const shown = calls.locator('tbody tr');
  for (let i = 0; i < (await shown.count()); i++) await expect(shown.nth(i).getByRole('cell').nth(1)).toHaveText(CLINICS[1]);
  await expect(page.getByText(`${each[1]} calls from 25/10/2026 to 23/11/2026`)).toBeVisible();

  // Several outcomes at once.
  const outcomes = page.getByRole('group', { name: 'Outcome' });
  // The address bar holds the ticks: each shows once the address has it.
  await outcomes.getByLabel('Missed').click();
  await expect(outcomes.getByLabel('Missed')).toBeChecked();
  const both = page.waitForResponse((r) => /getGroupCalls\?.*outcome=missed%2Cbusy/.test(r.url()));
  await outcomes.getByLabel('Busy').click();
  await expect(outcomes.getByLabel('Busy')).toBeChecked();
  await both;
  await expect(page).toHaveURL(/outcome=missed%2Cbusy/);
  await expect(calls).not.toHaveAttribute('aria-busy', 'true');
  for (let i = 0; i < (await shown.count()); i++) await expect(shown.nth(i)).toContainText(/Missed|Busy/);

  // Into a clinic: its own call log, and the top bar names it.
  await rows.nth(1).getByRole('button', { name: `Open clinic ${CLINICS[1]}` }).click();
  await expect(page).toHaveURL(/\/manage\/reports$/);
  await expect(page.getByRole('banner')).toContainText(CLINICS[1]);
  await expectHeading(page, 'Call log');
  await expect(page.getByRole('table', { name: 'Calls' }).locator('tbody tr').first()).toBeVisible();
  await expect(page.getByText(`Switched to ${CLINICS[1]}: its call log.`)).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Reports' }).getByRole('link', { name: 'Clinics' })).toHaveCount(0);
});

test('a call of the combined log opens in its clinic, and the page reads on a phone', async ({ page }) => {
  const calls = await openClinics(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('table', { name: 'Clinics' }).getByRole('button', { name: `Open clinic ${CLINICS[0]}` })).toBeVisible();
  // The tables turn into cards once the narrower screen is seen: wait for it.
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), {
      message: 'the page does not scroll sideways',
    })
    .toBe(true);
  await expectAccessible(page, "a group's clinics page on a phone");
  const first = calls.locator('tbody tr').first();
  const clinic = (await first.getByRole('cell').nth(1).innerText()).trim();
  expect(CLINICS).toContain(clinic);
  await first.getByRole('button', { name: /^Open in clinic: the call from / }).click();
  await expect(page).toHaveURL(/\/manage\/reports\?call=\d+$/);
  await expect(page.getByRole('banner')).toContainText(clinic);
  await expect(page.getByRole('dialog', { name: /^Call from / })).toBeVisible();
});

test('an account that is not a group has no Clinics tab', async ({ page }) => {
  await logIn(page, 'owner@demo.test', '/manage/reports');
  const tabs = page.getByRole('navigation', { name: 'Reports' });
  await expect(tabs.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(tabs.getByRole('link', { name: 'Clinics' })).toHaveCount(0);
});

import { expect, test } from './fixtures';
import { expectAccessible, expectHeading, logIn } from './helpers';

// The receptionist's morning: the missed, busy and voicemail calls nobody has followed up, in
// one view; a voicemail heard from its row; a caller rung back and the call marked so, with a
// note, who and when; then the same log on a phone.

test('the receptionist works the missed calls from the call log', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await logIn(page, 'user@demo.test', '/manage/reports');
  await expectHeading(page, 'Call log');
  const calls = page.getByRole('table', { name: 'Calls' });
  const rows = calls.locator('tbody tr');
  await expect(rows.first()).toBeVisible();

  // One line a call: every row as tall as the first, and 15 or more calls on the screen.
  await page.screenshot({ path: '/tmp/log1280.png' });
  // Each call's actions are in view without scrolling sideways.
  const edge = await calls.evaluate((table) => table.parentElement!.getBoundingClientRect().right);
  const actions = await rows.locator('td.call-actions button, td.call-actions a').evaluateAll((els) => els.map((el) => el.getBoundingClientRect().right));
  expect(Math.max(...actions)).toBeLessThanOrEqual(edge);
  const heights = await rows.evaluateAll((trs) => trs.map((tr) => tr.getBoundingClientRect().height));
  expect(Math.max(...heights)).toBeLessThanOrEqual(40);
  await page.evaluate(() => window.scrollTo(0, document.querySelector('table[aria-label="Calls"]')!.getBoundingClientRect().top + window.scrollY - 60));
  const inView = await rows.evaluateAll((trs) => trs.filter((tr) => tr.getBoundingClientRect().bottom <= window.innerHeight).length);
  expect(inView).toBeGreaterThanOrEqual(15);

  // Missed, busy and voicemail, not followed up: one view, its filters as chips.
  await page.getByRole('button', { name: /^More filters/ }).click();
  const outcome = page.getByRole('group', { name: 'Outcome' });
  for (const name of ['Missed', 'Busy', 'Voicemail']) {
    const asked = page.waitForResponse((r) => r.url().includes('getCalls?') && r.url().includes('outcome='));
    // The address changes, then the box: wait for the box, not the click.
    await outcome.getByRole('checkbox', { name }).click();
    await expect(outcome.getByRole('checkbox', { name })).toBeChecked();
    await asked;
  }
  const open = page.waitForResponse((r) => r.url().includes('followUp=open'));
  await page.getByLabel('Follow-up').selectOption({ label: 'Not followed up' });
  await open;
  const chips = page.getByRole('list', { name: 'Filters in use' });
  await expect(chips).toContainText('Outcome: Missed, Busy, Voicemail');
  await expect(chips).toContainText('Follow-up: Not followed up');
  await expect(calls).not.toHaveAttribute('aria-busy', 'true');
  const before = Number((await page.getByRole('status').filter({ hasText: / calls? from / }).textContent())!.match(/^([\d,]+)/)![1].replace(/,/g, ''));
  expect(before).toBeGreaterThan(0);
  for (const text of await rows.locator('.outcome').allTextContents()) expect(['Missed', 'Busy', 'Voicemail']).toContain(text);
  await expectAccessible(page, 'the call log with its filters open');
  await page.getByRole('button', { name: 'Hide filters' }).click();

  // A voicemail's message plays in its row, with its length.
  const voicemail = rows.filter({ has: page.getByRole('button', { name: /^Play the voicemail from / }) }).first();
  const play = voicemail.getByRole('button', { name: /^Play the voicemail from / });
  await expect(play).toContainText(/\d:\d\d/);
  await expect(play).toHaveAttribute('aria-pressed', 'false');
  await play.click();
  await expect(play).toHaveAttribute('aria-pressed', 'true');
  await play.click();
  await expect(play).toHaveAttribute('aria-pressed', 'false');

  // Rung back (the phone's own dialler), then marked so with a note.
  const first = rows.first();
  const caller = (await first.locator('td.cell-caller').textContent())!.replace('First-time', '').trim();
  await expect(first.getByRole('link', { name: `Call ${caller} back` })).toHaveAttribute('href', /^tel:\+\d+$/);
  await first.getByRole('button', { name: /^Follow up the call from / }).click();
  const dialog = page.getByRole('dialog', { name: `Follow up the call from ${caller}` });
  await dialog.getByRole('radio', { name: 'We called back' }).check();
  await dialog.getByLabel('Note').fill('Booked a check-up for Thursday 10:00');
  await expectAccessible(page, 'the follow-up dialog', { within: dialog });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Marked that we called ${caller} back. Saved the note.`)).toBeVisible();
  const marked = first.getByText('We called back', { exact: true });
  await expect(marked).toHaveAttribute('title', /^We called back · .+, \d\d\/\d\d\/\d{4} \d\d:\d\d (GMT|BST)$/);
  await expect(first).toContainText('Note: Booked a check-up for Thursday 10:00');

  // Asked again, the call has left the work list and is found by what was done.
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: `${(before - 1).toLocaleString('en-GB')} call` })).toBeVisible();
  await chips.getByRole('button', { name: 'Remove filter Follow-up: Not followed up' }).click();
  await page.getByRole('button', { name: /^More filters/ }).click();
  const done = page.waitForResponse((r) => r.url().includes('followUp=calledBack'));
  await page.getByLabel('Follow-up').selectOption({ label: 'We called back' });
  await done;
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(caller);
  // Its detail says what was done, beside the recording, the caller's other calls and the journey.
  await rows.first().getByRole('button', { name: /^View call from / }).click();
  const detail = page.getByRole('dialog', { name: /^Call from / });
  await expect(detail.locator('dl.call-facts')).toContainText('We called back ·');
  await expect(detail.locator('dl.call-facts')).toContainText('Note: Booked a check-up for Thursday 10:00');
  await expect(detail.getByRole('region', { name: 'Journey' })).toBeVisible();
  await expectAccessible(page, "a followed-up call's detail", { within: detail });
  await detail.getByRole('button', { name: 'Close' }).click();

  // On a phone: a card a call, its outcome and its actions in view, nothing wider than the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(rows.first().getByRole('button', { name: /^Follow up the call from / })).toBeVisible();
  await expect(rows.first().locator('.outcome')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await expectAccessible(page, 'the call log on a phone');
});

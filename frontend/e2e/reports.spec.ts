import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures';
import { acknowledgeSplashScreen, expectAccessible, expectHeading, logIn, PASSWORD } from './helpers';

// Reports: a user's work is the calls. user@demo.test logs in and lands on the call
// log, narrows it to paid search in the last 7 days, opens a call and hears its recording, and
// exports what the filters show. The demo's calls are generated through the routing, a year of
// them, with real (text-to-speech) recordings.

test('a user lands on the call log, filters to paid search, hears a call and exports the calls', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill('user@demo.test');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/manage\/reports$/);
  await acknowledgeSplashScreen(page);
  await page.reload();
  await expectHeading(page, 'Call log');
  const calls = page.getByRole('table', { name: 'Calls' });
  await expect(calls.locator('tbody tr').first()).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /calls from 25\/10\/2026 to 23\/11\/2026/ })).toBeVisible();
  await expectAccessible(page, 'the call log');

  // Paid search, the last 7 days: the filters go into the address.
  await page.getByLabel('Date range').selectOption({ label: 'Last 7 days' });
  // The last answer stays on screen while the next loads: wait for the filtered one.
  const filtered = page.waitForResponse((r) => /getCalls\?preset=last7Days&source=\d+$/.test(r.url()));
  await page.getByRole('button', { name: /^More filters/ }).click();
  await page.getByLabel('Source / medium').selectOption({ label: 'google / cpc' });
  await expect(page).toHaveURL(/preset=last7Days&source=\d+/);
  await filtered;
  await expect(calls).not.toHaveAttribute('aria-busy', 'true');
  const summary = page.getByRole('status').filter({ hasText: /from 17\/11\/2026 to 23\/11\/2026/ });
  await expect(summary).toBeVisible();
  const rows = calls.locator('tbody tr');
  const shown = await rows.count();
  expect(shown).toBeGreaterThan(0);
  for (let i = 0; i < shown; i++) await expect(rows.nth(i)).toContainText('google / cpc');
  const total = Number((await summary.textContent())!.match(/^([\d,]+) call/)![1].replace(/,/g, ''));

  // The address reproduces the view.
  await page.reload();
  await expect(page.getByLabel('Source / medium', { exact: true })).toHaveValue(/\d+/);
  await expect(page.getByLabel('Date range')).toHaveValue('last7Days');
  await expect(summary).toBeVisible();

  // A recorded call: its journey, and its recording played, sought and sped up.
  await rows
    .filter({ has: page.getByRole('button', { name: /^Play the recording of the call from / }) })
    .first()
    .getByRole('button', { name: /^View call from / })
    .click();
  const call = page.getByRole('dialog', { name: /^Call from / });
  await expect(page).toHaveURL(/call=\d+/);
  const journey = call.getByRole('region', { name: 'Journey' });
  await expect(journey).toContainText('Visited the website');
  await expect(journey).toContainText('Outcome');
  await expect(call).toContainText('google / cpc');
  const audio = call.getByLabel('Call recording');
  await expect(audio).toBeVisible();
  await expect.poll(() => audio.evaluate((el: HTMLAudioElement) => el.duration)).toBeGreaterThan(3);
  await audio.evaluate((el: HTMLAudioElement) => el.play());
  await expect.poll(() => audio.evaluate((el: HTMLAudioElement) => el.currentTime)).toBeGreaterThan(0);
  await audio.evaluate((el: HTMLAudioElement) => {
    el.currentTime = 2;
  });
  await expect.poll(() => audio.evaluate((el: HTMLAudioElement) => el.currentTime)).toBeGreaterThanOrEqual(2);
  await call.getByLabel('Speed').selectOption('1.5');
  await expect.poll(() => audio.evaluate((el: HTMLAudioElement) => el.playbackRate)).toBe(1.5);
  await audio.evaluate((el: HTMLAudioElement) => el.pause());
  await expectAccessible(page, "a call's detail", { within: call });
  await call.getByRole('button', { name: 'Close' }).click();
  await expect(call).toBeHidden();
  await expect(page).not.toHaveURL(/call=/);

  // The export has every call of the filters.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/_calls_2026-11-17_to_2026-11-23\.csv$/);
  const lines = readFileSync(await file.path(), 'utf8').replace(/^\uFEFF/, '').trim().split('\r\n');
  expect(lines[0]).toContain('"Date and time","Caller","Tracked number"');
  expect(lines).toHaveLength(total + 1);
  expect(lines.slice(1).every((line) => line.includes('"google","cpc"'))).toBe(true);
});

test('Return to reports opens the call log, whose dashboard is a tab away', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill('owner@demo.test');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/manage\/$/);
  await acknowledgeSplashScreen(page);
  await page.goto('/backtoreports');
  await expect(page).toHaveURL(/\/manage\/reports$/);
  await expectHeading(page, 'Call log');
  await page.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/manage\/reports\/dashboard$/);
  await expectHeading(page, 'Dashboard');
  await expectAccessible(page, 'the reports dashboard');
});

// Transcription: Atlas's recorded calls are transcribed in the background on this
// machine by an offline recogniser a few seconds after the server starts; the owner reads a
// call's transcript under its recording, with the line that the audio never left.
test('a recorded call of an account with speech shows its transcript under the recording', async ({ page }) => {
  await logIn(page, 'enterprise@demo.test', '/manage/reports');
  await expectHeading(page, 'Call log');
  const calls = page.getByRole('table', { name: 'Calls' });
  const recorded = calls
    .locator('tbody tr')
    .filter({ has: page.getByRole('button', { name: /^Play the recording of the call from / }) })
    .first();
  const call = page.getByRole('dialog', { name: /^Call from / });
  const transcript = call.getByRole('region', { name: 'Transcript' });
  // The job may still be hearing it: open the call again until it has.
  await expect(async () => {
    if (await call.isVisible()) await call.getByRole('button', { name: 'Close' }).click();
    await recorded.getByRole('button', { name: /^View call from / }).click();
    await expect(call.getByLabel('Call recording')).toBeVisible();
    await expect(transcript).toContainText(/Transcribed .* by our basic offline speech recogniser/, { timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  await expect(transcript).toContainText('the audio never leaves the installation');
  await expect(transcript.locator('.transcript-text p').first()).not.toBeEmpty();
  await expectAccessible(page, "a call's transcript", { within: call });
});

// Ad spend: the owner enters what a campaign cost this month, and the dashboard divides it by
// the campaign's calls, with the domain's arithmetic in the browser.
test('the owner enters a month of spend and the dashboard says what each call cost', async ({ page }) => {
  await logIn(page, 'owner@demo.test', '/manage/reports/spend');
  await expectHeading(page, 'Ad spend');
  await expect(page.getByText(/Meta Ads spent £[\d,.]+ over the last 30 days/)).toBeVisible();
  await expect(page.getByText(/Not connected: connect Google Ads/)).toBeVisible();
  await expectAccessible(page, 'the ad spend page');
  await page.getByLabel('Campaign').selectOption({ label: 'brand' });
  await page.getByLabel('2 Nov', { exact: true }).fill('twelve');
  await page.getByRole('button', { name: 'Save the month' }).click();
  await expect(page.getByText('Enter an amount in pounds, like 12.50.')).toBeVisible();
  await page.getByLabel('2 Nov', { exact: true }).fill('250');
  await page.getByRole('button', { name: 'Save the month' }).click();
  await expect(page.getByRole('status')).toContainText('Saved the spend on brand for November 2026: £250.00 over 1 day.');
  const lines = page.getByRole('table', { name: 'Spend in November 2026' });
  await expect(lines.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'brand', exact: true }) })).toContainText(
    '£250.00',
  );

  await page.getByRole('link', { name: 'Dashboard' }).click();
  await expectHeading(page, 'Dashboard');
  await page.getByLabel('Break down by').selectOption('campaign');
  const costs = page.getByRole('table', { name: 'What each call cost' });
  const brand = costs.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'brand', exact: true }) });
  await expect(brand).toContainText('£250.00');
  await expectAccessible(page, 'the dashboard with what each call cost');
});

// A number's own spend: the van livery printed with its number, found by typing, and the
// dashboard's costs by number divide it by that number's calls.
test("the owner enters what a number's advert cost and sees its cost per call", async ({ page }) => {
  await logIn(page, 'owner@demo.test', '/manage/reports/spend');
  await expectHeading(page, 'Ad spend');
  const number = page.getByRole('combobox', { name: 'Number' });
  await number.fill('van livery');
  await expect(page.getByRole('listbox', { name: 'Number' }).getByRole('option')).toHaveCount(1);
  await expectAccessible(page, 'the ad spend page with the number list open');
  await number.press('Enter');
  await expect(number).toHaveValue(/ · Van livery$/);
  const label = await number.inputValue();
  await expect(page.getByLabel('1 Nov', { exact: true })).toHaveValue('45.00');
  await page.getByLabel('2 Nov', { exact: true }).fill('60');
  await page.getByRole('button', { name: 'Save the month' }).click();
  await expect(page.getByRole('status')).toContainText(`Saved the spend on ${label} for November 2026: £105.00 over 2 days.`);

  await page.getByRole('link', { name: 'Dashboard' }).click();
  await expectHeading(page, 'Dashboard');
  await page.getByLabel('Break down by').selectOption('number');
  const costs = page.getByRole('table', { name: 'What each call cost' });
  const van = costs.getByRole('row').filter({ has: page.getByRole('rowheader', { name: label, exact: true }) });
  await expect(van).toContainText('£105.00');
});

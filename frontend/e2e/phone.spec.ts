import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectAccessible, logIn } from './helpers';

// The browser phone against the real engine (docs/webrtc.md): Asterisk 22, a SIPp phone answering
// every destination, and Chromium with a fake microphone, started by scripts/test-browser-phone.sh
// with playwright.phone.config.ts (the usual runs leave this file out). The server's clock starts
// at e2e/clock.ts's Monday 10:00: "now" is in office hours.

// ---- The demo's data -----------------------------------------------------------------------------
/** Harbour Lane Dental's "Website header": "Menu in office hours" plays the "Main menu" IVR on
 * weekdays 08:30-17:30 and rings the "Out of hours" plan (the out-of-hours service) otherwise. */
const NUMBER = '07700 900100';
/** Its page: /manage/numbers/{id}, the id being its routing entry's. */
const NUMBER_PAGE = '/manage/numbers/2';
/** The main menu's key 1 puts the caller through to reception. */
const KEY = '1';
/** Where key 1 leads: the "Reception" destination plan rings the reception's number, which the
 * SIPp phone answers (scripts/test-browser-phone.sh). */
const DESTINATION_STEP = /Ringing Reception/;
// -------------------------------------------------------------------------------------------------

/** The engine answers, then the session's steps arrive about every 700 ms: seconds, not minutes. */
const CALL_STEP_TIMEOUT = 30_000;

/** Today's calls on the dashboard: the figure a test call must leave alone. */
async function callsToday(page: Page): Promise<number> {
  const reply = await page.request.get('/api/reports/dashboard?preset=today', { headers: { 'X-Admin-Area': '1' } });
  expect(reply.ok()).toBe(true);
  return ((await reply.json()) as { totals: { calls: { current: number } } }).totals.calls.current;
}


test('the owner test-calls a number from its page, answers its menu with a key and hangs up', async ({ page }) => {
  await logIn(page, 'owner@demo.test', NUMBER_PAGE);
  const callsBefore = await callsToday(page);
  await expect(page.getByRole('heading', { level: 1, name: NUMBER })).toBeVisible();

  await page.getByRole('button', { name: `Test call to ${NUMBER}` }).click();
  const phone = page.getByRole('region', { name: 'Phone' });
  await expect(phone.getByText(`Test call to ${NUMBER}`)).toBeVisible();
  await expect(phone.getByRole('radio', { name: 'Now' })).toBeChecked();
  await expectAccessible(page, 'the phone, ready to call', { within: phone });

  await phone.getByRole('button', { name: 'Call', exact: true }).click();
  const steps = phone.getByRole('list', { name: 'Where the call is now' });
  await expect(steps.getByRole('listitem').filter({ hasText: 'waiting for a key' })).toBeVisible({
    timeout: CALL_STEP_TIMEOUT,
  });
  await expect(phone.getByText(/^Call time \d\d:\d\d$/)).toBeVisible();

  const key = phone.getByRole('group', { name: 'Keypad' }).getByRole('button', { name: KEY, exact: true });
  await expect(key).toBeEnabled();
  await key.click();
  await expect(phone.getByText(`Keys sent: ${KEY}`)).toBeVisible();
  await expect(steps.getByRole('listitem').filter({ hasText: DESTINATION_STEP })).toBeVisible({
    timeout: CALL_STEP_TIMEOUT,
  });
  await expect(steps.getByRole('listitem').last()).toHaveAttribute('aria-current', 'step');
  // The SIPp phone on the carrier's side answers: the page hears the reception.
  await expect(steps.getByRole('listitem').last()).toHaveText('Talking to Reception', { timeout: CALL_STEP_TIMEOUT });
  await expectAccessible(page, 'the phone in a call', { within: phone });

  await phone.getByRole('button', { name: 'Hang up' }).click();
  await expect(phone.getByRole('status')).toHaveText('Call ended');
  await expect(steps.getByRole('listitem').last()).toHaveText('Call ended: Answered', { timeout: CALL_STEP_TIMEOUT });
  await expect(phone.getByRole('link', { name: 'See the call in the call log' })).toBeVisible({ timeout: CALL_STEP_TIMEOUT });
  await expect(phone.getByRole('button', { name: 'Call again' })).toBeVisible();
  await expectAccessible(page, 'the phone after the call', { within: phone });

  // Closing the phone removes its credentials from the engine.
  const closed = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/phone/close');
  await phone.getByRole('button', { name: 'Close the phone' }).click();
  expect((await closed).ok()).toBe(true);
  await expect(phone).toBeHidden();
  await expect(page.getByText('Phone closed.')).toBeVisible();

  // The call is in the call log with the test calls shown, marked, and in none of the figures.
  expect(await callsToday(page)).toBe(callsBefore);
  await page.getByRole('link', { name: `See all calls to ${NUMBER}` }).click();
  // The log has loaded its calls and filters before one is changed (a change made while it
  // loads is overtaken by the load).
  await expect(page.getByText(/^[\d,]+ calls? from /)).toBeVisible();
  await page.getByRole('button', { name: /^More filters/ }).click();
  const testCalls = page.getByRole('checkbox', { name: 'Show test calls' });
  await expect(async () => {
    await testCalls.check();
    await expect(page).toHaveURL(/testCalls=1/, { timeout: 2_000 });
  }).toPass();
  await expect(page.getByRole('table').getByText('Test call', { exact: true }).first()).toBeVisible();
});

test('a test call "as if it were" Sunday night hears the out-of-hours routing', async ({ page }) => {
  await logIn(page, 'owner@demo.test', NUMBER_PAGE);
  await page.getByRole('button', { name: `Test call to ${NUMBER}` }).click();
  const phone = page.getByRole('region', { name: 'Phone' });
  await phone.getByRole('radio', { name: 'As if it were…' }).check();
  await phone.getByLabel('Date').fill('2026-11-29');
  await phone.getByLabel('Time').fill('23:59');
  await expect(phone.getByText('The call will be routed as if it were Sunday 29/11/2026 23:59.')).toBeVisible();
  await phone.getByRole('button', { name: 'Call', exact: true }).click();
  const steps = phone.getByRole('list', { name: 'Where the call is now' });
  // Out of office hours the plan rings the out-of-hours service, not the menu.
  await expect(steps.getByRole('listitem').first()).toHaveText('Ringing Out of hours service', {
    timeout: CALL_STEP_TIMEOUT,
  });
  await expect(steps.getByRole('listitem').last()).toHaveText('Talking to Out of hours service', { timeout: CALL_STEP_TIMEOUT });
  await phone.getByRole('button', { name: 'Hang up' }).click();
  await expect(steps.getByRole('listitem').last()).toHaveText('Call ended: Answered', { timeout: CALL_STEP_TIMEOUT });
  await phone.getByRole('button', { name: 'Close the phone' }).click();
  await expect(phone).toBeHidden();
});

test("a test call leaves a message: the main menu's key 3 reaches the reception's voicemail", async ({ page }) => {
  await logIn(page, 'owner@demo.test', NUMBER_PAGE);
  await page.getByRole('button', { name: `Test call to ${NUMBER}` }).click();
  const phone = page.getByRole('region', { name: 'Phone' });
  await phone.getByRole('button', { name: 'Call', exact: true }).click();
  const steps = phone.getByRole('list', { name: 'Where the call is now' });
  await expect(steps.getByRole('listitem').last()).toHaveText("IVR 'Main menu': waiting for a key", {
    timeout: CALL_STEP_TIMEOUT,
  });
  // Typed on the keyboard while the panel has the focus: sent as RFC 4733 like the keypad's.
  await phone.getByRole('group', { name: 'Keypad' }).getByRole('button', { name: '3', exact: true }).focus();
  await page.keyboard.press('3');
  await expect(steps.getByRole('listitem').last()).toHaveText("Voicemail 'Reception': recording a message", {
    timeout: CALL_STEP_TIMEOUT,
  });
  await phone.getByRole('button', { name: 'Hang up' }).click();
  await expect(steps.getByRole('listitem').last()).toHaveText('Call ended: Voicemail', { timeout: CALL_STEP_TIMEOUT });
  await phone.getByRole('button', { name: 'Close the phone' }).click();
  await expect(phone).toBeHidden();
});

test('an agent calls a number out from the top bar, presenting a verified caller id', async ({ page }) => {
  await logIn(page, 'owner@demo.test', '/manage/reports');
  await page.getByRole('button', { name: 'Phone', exact: true }).click();
  const phone = page.getByRole('region', { name: 'Phone' });
  await phone.getByLabel('Number to call').fill('07700 900 123');
  const callerId = await phone.getByLabel('Caller ID').inputValue();
  expect(callerId).toMatch(/^0\d{10}$/);
  await expectAccessible(page, 'the phone, ready to call out', { within: phone });
  await phone.getByRole('button', { name: 'Call', exact: true }).click();
  const steps = phone.getByRole('list', { name: 'Where the call is now' });
  await expect(steps.getByRole('listitem').last()).toHaveText('Talking to 07700 900123', { timeout: CALL_STEP_TIMEOUT });
  await phone.getByRole('button', { name: 'Hang up' }).click();
  await expect(steps.getByRole('listitem').last()).toHaveText('Call ended: Answered', { timeout: CALL_STEP_TIMEOUT });

  // The SIPp phone was rung at the number typed, from the caller id chosen.
  const sip = readFileSync(process.env.PHONE_SIPP_LOG ?? '', 'utf8');
  const at = sip.indexOf('INVITE sip:447700900123');
  expect(at, 'the INVITE to the number typed').toBeGreaterThanOrEqual(0);
  expect(sip.slice(at).match(/^From:.*$/m)?.[0]).toContain(callerId);

  // The call is the agent's outbound call.
  await phone.getByRole('button', { name: 'Close the phone' }).click();
  await page.goto('/manage/agents/1');
  await expect(page.getByRole('cell', { name: '07700 900123' }).first()).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the phone fits a 390 px screen and reads in order', async ({ page }) => {
    await logIn(page, 'owner@demo.test', NUMBER_PAGE);
    await page.getByRole('button', { name: `Test call to ${NUMBER}` }).click();
    const phone = page.getByRole('region', { name: 'Phone' });
    await phone.getByRole('radio', { name: 'As if it were…' }).check();
    await phone.getByLabel('Date').fill('2026-12-24');
    await phone.getByLabel('Time').fill('18:05');
    await expect(phone.getByText('The call will be routed as if it were Thursday 24/12/2026 18:05.')).toBeVisible();
    const box = await phone.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expectAccessible(page, 'the phone at 390 px', { within: phone });
    await phone.getByRole('button', { name: 'Close the phone' }).click();
    await expect(phone).toBeHidden();
  });
});

// ---- Drafts and scheduled changes ---------------------------------------------------------------
// Last in the file: it moves the server's clock (DEV_CLOCK=1) a month on, past the office hours
// the flows above rely on.

/** Christmas Eve 17:00 and 27/12 08:00, GMT (unix seconds). */
const CHRISTMAS_EVE = Date.UTC(2026, 11, 24, 17, 0) / 1000;
const BACK_TO_NORMAL = Date.UTC(2026, 11, 27, 8, 0) / 1000;
/** The scheduled changes' job looks every 5 s. */
const SCHEDULE_RUN_TIMEOUT = 30_000;

/** Moves the server's clock on to `at` (unix seconds), and logs in again (the session expired). */
async function serverClockTo(page: Page, at: number): Promise<void> {
  const draft = await page.request.get('/api/routingdraft/get', { headers: { 'X-Admin-Area': '1' } });
  const { now } = (await draft.json()) as { now: number };
  const moved = await page.request.post(`/dev/clock/advance?seconds=${at - now}`);
  expect(moved.ok()).toBe(true);
  await logIn(page, 'owner@demo.test', '/manage/routing');
}

test('Christmas hours: prepared in a draft, heard with a test call, live on the 24th and gone on the 27th', async ({
  page,
}) => {
  await logIn(page, 'owner@demo.test', '/manage/routing');
  const draft = page.getByRole('region', { name: 'Routing draft' });
  await draft.getByRole('button', { name: 'Open a draft' }).click();
  await expect(draft.getByText(/^You are editing a draft\./)).toBeVisible();

  // In the draft, the main menu's key 1 goes to the out-of-hours service.
  await page.getByRole('main').getByRole('link', { name: 'IVRs', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Routing draft' }).getByText(/^You are editing a draft\./)).toBeVisible();
  await page.getByRole('table', { name: 'IVRs' }).getByRole('button', { name: 'Edit Main menu', exact: true }).click();
  const editor = page.getByRole('dialog', { name: 'Edit IVR' });
  await editor.getByRole('combobox', { name: 'Destination plan, key 1' }).selectOption({ label: 'Out of hours' });
  await editor.getByRole('button', { name: 'Update', exact: true }).click();
  // The numbers it affects are named first (when the draft goes live).
  await page.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Update', exact: true }).click();
  await expect(editor).toHaveCount(0);

  // A test call through the draft hears it; live calls still reach the reception.
  await page.goto(NUMBER_PAGE);
  await expect(page.getByRole('region', { name: 'Routing draft' }).getByRole('link', { name: 'Review the draft in Call routing' })).toBeVisible();
  await page.getByRole('button', { name: `Test call to ${NUMBER}` }).click();
  const phone = page.getByRole('region', { name: 'Phone' });
  await expect(phone.getByRole('checkbox', { name: 'Through the draft (not live yet)' })).toBeChecked();
  await phone.getByRole('button', { name: 'Call', exact: true }).click();
  const steps = phone.getByRole('list', { name: 'Where the call is now' });
  await expect(steps.getByRole('listitem').filter({ hasText: 'waiting for a key' })).toBeVisible({ timeout: CALL_STEP_TIMEOUT });
  await phone.getByRole('group', { name: 'Keypad' }).getByRole('button', { name: KEY, exact: true }).click();
  await expect(steps.getByRole('listitem').last()).toHaveText('Talking to Out of hours service', { timeout: CALL_STEP_TIMEOUT });
  await phone.getByRole('button', { name: 'Hang up' }).click();
  await expect(steps.getByRole('listitem').last()).toHaveText('Call ended: Answered', { timeout: CALL_STEP_TIMEOUT });
  await phone.getByRole('button', { name: 'Close the phone' }).click();

  // Reviewed, and scheduled for Christmas Eve with a return on the 27th.
  await page.goto('/manage/routing');
  await draft.getByRole('button', { name: 'Review and publish' }).click();
  const review = page.getByRole('dialog', { name: 'Review and publish the draft' });
  await expect(review.getByRole('list', { name: 'What the draft changes' })).toContainText("Key 1 of 'Main menu'");
  await expect(review.getByText(/ would have gone elsewhere$|^No calls to replay$/)).toBeVisible();
  await review.getByLabel('Goes live').fill('2026-12-24T17:00');
  await review.getByLabel('Back to normal (optional)').fill('2026-12-27T08:00');
  const schedule = 'The draft goes live 24/12/2026 17:00 GMT, and routing goes back to normal 27/12/2026 08:00 GMT.';
  await expect(review.getByText(schedule)).toBeVisible();
  await expectAccessible(page, 'the draft review', { within: review });
  await review.getByRole('button', { name: 'Schedule', exact: true }).click();
  await expect(page.getByText('Schedule saved.')).toBeVisible();
  await review.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(draft.getByText(schedule)).toBeVisible();

  // Christmas Eve: the job puts the draft live, without anyone touching anything.
  await serverClockTo(page, CHRISTMAS_EVE + 1);
  const returning = 'The draft went live 24/12/2026 17:00 GMT; routing goes back to normal 27/12/2026 08:00 GMT.';
  await expect(async () => {
    await page.reload();
    await expect(draft.getByText(returning)).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: SCHEDULE_RUN_TIMEOUT });
  await expect(draft.getByText(/^You are editing a draft\./)).toHaveCount(0);

  // 27/12 08:00: routing goes back to normal.
  await serverClockTo(page, BACK_TO_NORMAL + 1);
  await expect(async () => {
    await page.reload();
    await expect(draft.getByRole('button', { name: 'Open a draft' })).toBeVisible({ timeout: 2_000 });
    await expect(draft.getByText(returning)).toHaveCount(0);
  }).toPass({ timeout: SCHEDULE_RUN_TIMEOUT });

  // The history has both, made in the scheduler's name.
  await page.goto('/manage/routing/history');
  await expect(page.getByRole('table').getByText(/\(scheduled\)/).first()).toBeVisible();
});

import { expect, test } from './fixtures';
import { expectAccessible, logIn } from './helpers';

// The browser phone against the real engine (issue 56, docs/webrtc.md): a test call from a
// number's page, a key on the keypad, hanging up. It needs the server with real calls on and
// Chromium with a fake microphone (--use-fake-ui-for-media-stream
// --use-fake-device-for-media-stream --use-file-for-fake-audio-capture=<wav>
// --autoplay-policy=no-user-gesture-required --allow-loopback-in-peer-connection), so it runs
// only under the phone's own config, which sets E2E_PHONE=1; the usual suite skips it.

// ---- The demo's data: FILL IN ------------------------------------------------------------------
/** A static number of Harbour Lane Dental whose calls go to an IVR first, as its page shows it. */
const NUMBER = '0161 496 0007';
/** Its page: /manage/numbers/{id}, the id being its routing entry's. */
const NUMBER_PAGE = '/manage/numbers/7';
/** The key that answers the IVR's menu. */
const KEY = '1';
/** A step of "Where the call is now" once the key has been pressed: the destination it leads to. */
const DESTINATION_STEP = /Ringing 07700 900101/;
// -------------------------------------------------------------------------------------------------

/** The engine answers, then the session's steps arrive about every 700 ms: seconds, not minutes. */
const CALL_STEP_TIMEOUT = 30_000;

test.skip(process.env.E2E_PHONE !== '1', 'real calls: run with the phone config (E2E_PHONE=1)');

test('the owner test-calls a number from its page, answers its menu with a key and hangs up', async ({ page }) => {
  await logIn(page, 'owner@demo.test', NUMBER_PAGE);
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
  await expectAccessible(page, 'the phone in a call', { within: phone });

  await phone.getByRole('button', { name: 'Hang up' }).click();
  await expect(phone.getByRole('status')).toHaveText('Call ended');
  await expect(steps.getByRole('listitem').last()).toContainText('Call ended', { timeout: CALL_STEP_TIMEOUT });
  await expect(phone.getByRole('link', { name: 'See the call in the call log' })).toBeVisible({ timeout: CALL_STEP_TIMEOUT });
  await expect(phone.getByRole('button', { name: 'Call again' })).toBeVisible();
  await expectAccessible(page, 'the phone after the call', { within: phone });

  // Closing the phone removes its credentials from the engine.
  const closed = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/phone/close');
  await phone.getByRole('button', { name: 'Close the phone' }).click();
  expect((await closed).ok()).toBe(true);
  await expect(phone).toBeHidden();
  await expect(page.getByText('Phone closed.')).toBeVisible();
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

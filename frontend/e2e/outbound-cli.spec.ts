import { expect, test } from './fixtures';
import { expectAccessible, expectHeading, logIn, sideMenu } from './helpers';

// Manage CLI and the outbound terms: the owner opens Outbound > Manage CLI, adds an
// outside caller id, reads the code from the sandbox verification provider's phone page,
// verifies the number and sees it verified; then accepts the outbound terms and sees who and
// when; axe on each screen and dialog.

const NUMBER = '07700900555';
/** The number as the screens write it (the domain's UK format). */
const SHOWN = '07700 900555';

test('the owner verifies an outside caller id through the sandbox and accepts the outbound terms', async ({ page }) => {
  test.slow();
  await logIn(page, 'owner@demo.test', '/manage/');
  const menu = sideMenu(page, 'Admin');
  await menu.getByRole('button', { name: 'Outbound' }).click();
  await menu.getByRole('link', { name: 'Manage CLI' }).click();
  await expectHeading(page, 'Manage CLI');
  await expect(page.getByRole('table', { name: 'Tracked numbers' })).toBeVisible();
  await expect(page.getByText('No outside numbers yet.')).toBeVisible();
  await expectAccessible(page, 'the Manage CLI page');

  await page.getByRole('button', { name: 'Add outside number' }).click();
  const add = page.getByRole('dialog', { name: 'Add an outside caller id' });
  await add.getByLabel('Phone number').fill('0800123456');
  await add.getByRole('button', { name: 'Send a code' }).click();
  await expect(add).toContainText('Phone number must be at least 11 digits in length.');
  await expectAccessible(page, 'the add caller id dialog with an error', { within: add });
  await add.getByLabel('Phone number').fill(NUMBER);
  await add.getByRole('button', { name: 'Send a code' }).click();
  const verify = page.getByRole('dialog', { name: `Verify ${SHOWN}` });
  await expect(verify.getByRole('status')).toContainText(`A code was sent to ${SHOWN}.`);
  await expectAccessible(page, 'the code step', { within: verify });

  // The sandbox provider's phone, in a tab of its own, shows the message the number received.
  const phone = await page.context().newPage();
  await phone.goto('/sandbox/phone');
  const message = phone.locator('article.sms').filter({ hasText: NUMBER }).first().locator('.message');
  const text = (await message.textContent()) ?? '';
  const code = /(\d{6})/.exec(text)?.[1];
  expect(code, text).toBeTruthy();
  await expectAccessible(phone, 'the sandbox phone page');
  await phone.close();

  await verify.getByLabel('Verification code').fill(code!);
  await verify.getByRole('button', { name: 'Verify' }).click();
  await expect(verify).toBeHidden();
  await expect(page.getByRole('status')).toHaveText(`${SHOWN} is verified: agents may present it.`);
  const row = page.getByRole('table', { name: 'Outside caller ids' }).getByRole('row').filter({ hasText: SHOWN });
  await expect(row).toContainText('Verified');
  await expectAccessible(page, 'the Manage CLI page with a verified number');

  // The outbound terms, from the page's link.
  await page.getByRole('link', { name: 'outbound terms' }).click();
  await expectHeading(page, 'Outbound terms');
  await expect(page.getByRole('heading', { name: 'Outbound calling terms' })).toBeVisible();
  await expectAccessible(page, 'the outbound terms');
  await page.getByRole('button', { name: 'Accept the outbound terms' }).click();
  await expect(page.getByRole('status')).toHaveText('You accepted the outbound terms.');
  await expect(page.getByText(/Accepted by owner@demo\.test on \d\d\/\d\d\/\d{4}/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Accept the outbound terms' })).toBeHidden();
  await expectAccessible(page, 'the accepted outbound terms');
});

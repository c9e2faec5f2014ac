import { expect, test } from './fixtures';
import { PASSWORD, expectAccessible, expectHeading, logIn } from './helpers';

// The home page. This file runs before the others that log in as admin@demo.test, so
// the administrator still has Harbour Lane Dental's splash screen to see.

test('the splash screen shows once after login and does not come back once closed', async ({ page }) => {
  await logIn(page, 'admin@demo.test', '/manage/', PASSWORD, { keepSplashScreen: true });
  const splash = page.getByRole('dialog', { name: "New: check your website's tracking" });
  await expect(splash).toBeVisible();
  await expectAccessible(page, 'the splash screen', { within: splash });
  await splash.getByRole('button', { name: 'Got it' }).click();
  await expect(splash).toBeHidden();
  await page.reload();
  await expectHeading(page, 'Integrate');
  await expect(page.getByRole('heading', { name: 'Your integrations' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('the owner connects Google Ads through the consent page and removes it again', async ({ page }) => {
  await logIn(page, 'owner@demo.test');
  await expectHeading(page, 'Integrate');
  const yours = page.getByRole('region', { name: 'Your integrations' });
  await expect(yours.getByRole('article', { name: 'Google Analytics' })).toBeVisible();
  await expectAccessible(page, 'the Integrate page');

  await yours.getByRole('button', { name: 'Connect Google Ads' }).click();
  await expect(page).toHaveURL(/\/sandbox\/oauth\/authorize\?/);
  await expect(page.getByRole('heading', { name: 'Connect to Google Ads' })).toBeVisible();
  await expectAccessible(page, 'the sandbox consent page');
  await page.getByRole('button', { name: 'Allow' }).click();

  await expect(page).toHaveURL(/\/manage\/googleads\?connected=1$/);
  await expectHeading(page, 'Google Ads');
  await expect(page.getByText('Google Ads connected.')).toBeVisible();
  await expect(page.getByText(/Connected to Harbour Lane Dental \(Google Ads\) since/)).toBeVisible();
  await expectAccessible(page, 'the Google Ads page, connected');

  // Its settings: the account from the login the sandbox provider lists, and what is sent.
  const settings = page.getByRole('form', { name: 'Google Ads settings' });
  await expect(settings.getByText(/Choose the account your calls are sent to/)).toBeVisible();
  await settings
    .getByLabel('Google Ads account')
    .selectOption({ label: 'Harbour Lane Dental – Search (000-100-0001)' });
  await settings.getByLabel('Answered calls').check();
  await settings.getByRole('button', { name: 'Save' }).click();
  await expect(settings.getByText('Google Ads settings saved.')).toBeVisible();
  await page.reload();
  await expect(settings.getByLabel('Google Ads account')).toHaveValue('000-100-0001');
  await expect(settings.getByLabel('Answered calls')).toBeChecked();
  await expectAccessible(page, 'the Google Ads settings');

  await page.getByRole('button', { name: 'Remove', exact: true }).click();
  const confirm = page.getByRole('dialog');
  await confirm.getByLabel('Password').fill(PASSWORD);
  await expectAccessible(page, 'the password confirmation', { within: confirm });
  await confirm.getByRole('button', { name: /Confirm|Remove/ }).last().click();
  await expect(page.getByText('Not connected')).toBeVisible();

  await page.getByRole('link', { name: 'Back to Integrate' }).click();
  await expectHeading(page, 'Integrate');
  await expect(yours.getByRole('button', { name: 'Connect Google Ads' })).toBeVisible();
});

test('a website check of a dynamic URL runs to its final status', async ({ page }) => {
  await logIn(page, 'owner@demo.test');
  const urls = page.getByRole('region', { name: 'Dynamic URLs' });
  const implants = urls.getByRole('row', { name: /Implants landing page/ });
  await expect(implants).toBeVisible();
  await expectAccessible(page, 'the Dynamic URLs section');
  await implants.getByRole('button', { name: /Check website/ }).click();
  // The background job fetches the demo site (e2e/demo-site.mjs) and the page asks every 5 s.
  await expect(implants.getByRole('status')).toHaveText('Checked and working', { timeout: 20_000 });
  // A site the check cannot use says why in words, never a bare 'Not checked' (here the booking
  // site's host does not resolve on a machine without its DNS; elsewhere it answers for itself).
  const booking = urls.getByRole('row', { name: /Online booking/ });
  await booking.getByRole('button', { name: /Check website/ }).click();
  await expect(booking).toContainText(
    /We could not reach book\.harbourlanedental\.co\.uk|did not answer in time|The site answered \d+|The tracking code|redirected too many times|too large to check/,
    { timeout: 30_000 },
  );
  await expect(booking.getByRole('status')).not.toHaveText('Not checked');
  await expect(booking).toContainText(/Last found working: |Not found working before/);
  await implants.getByRole('link', { name: /Configure/ }).click();
  await expectHeading(page, 'Dynamic URL');
  await expect(page.getByText('data-vcam="hld-implants"')).toBeVisible();
  await expectAccessible(page, 'the dynamic URL page');
});

test('/ga_connect opens the Google Analytics setup and stores the chosen property', async ({ page }) => {
  await logIn(page, 'owner@demo.test', '/manage/ga_connect');
  const dialog = page.getByRole('dialog', { name: 'Set up Google Analytics' });
  await expect(dialog.getByLabel('Property')).toBeVisible();
  await expectAccessible(page, 'the Google Analytics setup', { within: dialog });
  await dialog.getByLabel('Property').selectOption('G-HLD0000102');
  await dialog.getByLabel('Virtual pageview').check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/manage\/googleanalytics\?connected=1$/);
  await expect(page.getByText('G-HLD0000102')).toBeVisible();
});

test('a Starter user sees the upgrade and add-on sections', async ({ page }) => {
  await logIn(page, 'starter@demo.test');
  const upgrade = page.getByRole('region', { name: 'More integrations with an upgrade' });
  await expect(upgrade.getByRole('article', { name: 'HubSpot' })).toBeVisible();
  await expect(upgrade.getByRole('link', { name: 'Upgrade' })).toBeVisible();
  const addOns = page.getByRole('region', { name: 'Add-ons' });
  await expect(addOns.getByRole('article', { name: 'Webhooks & API' })).toBeVisible();
  await expectAccessible(page, 'the Integrate page on Starter');

  // Its Add-on button opens the API add-on on the plan and usage page, priced 'From'.
  await addOns.getByRole('link', { name: 'Add-on Webhooks & API' }).click();
  await expect(page).toHaveURL(/\/manage\/subscription\?scope=integration_api$/);
  const dialog = page.getByRole('dialog', { name: 'API' });
  await expect(dialog).toContainText('API: From £20 per month');
  await expectAccessible(page, 'the API add-on modal', { within: dialog });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
});

test('a group account has no Dynamic URLs section', async ({ page }) => {
  await logIn(page, 'group@demo.test');
  await expectHeading(page, 'Integrate');
  await expect(page.getByRole('heading', { name: 'Your integrations' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Dynamic URLs' })).toHaveCount(0);
  await expectAccessible(page, 'the Integrate page of a group account');
});

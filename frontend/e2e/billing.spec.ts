import { expect, test } from './fixtures';
import { expectAccessible, expectHeading, logIn } from './helpers';

// Billing details.

test('the owner edits the billing details: an error shows as typed, then the save is kept', async ({ page }) => {
  await logIn(page, 'owner@demo.test', '/manage/billing/details');
  await expectHeading(page, 'Billing details');
  const email = page.getByLabel('Contact email');
  await expect(email).toHaveValue('accounts@harbourlane.test');
  await expect(page.getByLabel('Payment method')).toHaveValue('Visa ending 4242, expires 08/28');
  await expectAccessible(page, 'the billing details page');

  await email.fill('accounts@');
  await email.blur();
  await expect(page.getByText('Must be a valid email.')).toBeVisible();
  await expectAccessible(page, 'the billing details page with an error');
  await email.fill('billing@harbourlane.test');
  await page.getByLabel('PO number').fill('PO-2026-11');
  await page.getByRole('button', { name: 'Save' }).last().click();
  await expect(page.getByText('Your billing details were updated successfully.')).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Contact email')).toHaveValue('billing@harbourlane.test');
  await expect(page.getByLabel('PO number')).toHaveValue('PO-2026-11');
});

test('a user without billing access is told why on the unauthorised page, and whom to ask', async ({ page }) => {
  await logIn(page, 'user@demo.test', '/manage/billing/details');
  await expectHeading(page, 'Unauthorised');
  const notice = page.getByRole('region', { name: 'Why you cannot open this page' });
  await expect(notice).toContainText('You cannot open Billing details because your user does not have the Billing permission.');
  await expect(notice).toContainText('Ask Olivia Owen, the account owner, to give you access.');
  await expectAccessible(page, 'the unauthorised page');
});

test('the owner updates the card through the sandbox: a bad number is sent back, a good one is kept', { tag: '@pg' }, async ({ page }) => {
  await logIn(page, 'owner@demo.test', '/manage/billing/details');
  await page.getByRole('link', { name: 'Update credit/debit card details' }).click();
  await expectHeading(page, 'Payment details');
  await expectAccessible(page, 'the card form');

  await page.getByLabel('Name on card').fill('Olivia Owen');
  await page.getByLabel('Card number').fill('4242 4242 4242 4241');
  await page.getByLabel('Expiry (MMYY)').fill('1230');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/manage\/billing\/details\/payment\?.*numberError=1/);
  await expect(page.getByLabel('Card number')).toHaveAccessibleDescription('Please enter a valid card number.');
  await expect(page.getByLabel('Name on card')).toHaveValue('Olivia Owen');
  await expectAccessible(page, 'the card form with the provider field error');

  await page.getByLabel('Card number').fill('5555 5555 5555 4444');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Save' }).click();
  // Back on the billing details, which show the new card, with the confirmation; no form left open.
  await expect(page.getByText('Your credit card details have been updated successfully.')).toBeVisible();
  await expect(page).toHaveURL(/\/manage\/billing\/details$/);
  await expect(page.getByLabel('Payment method')).toHaveValue('Mastercard ending 4444, expires 12/30');
  await expect(page.getByLabel('Card number')).toHaveCount(0);
  await expectAccessible(page, 'the billing details after the card update');
});

test('the owner finds a year of invoices and downloads one as a PDF', async ({ page }) => {
  await logIn(page, 'owner@demo.test', '/manage/invoices');
  await expectHeading(page, 'Invoices');
  const table = page.getByRole('table', { name: 'Invoices' });
  // Twelve months, made by the billing run; the newest first.
  await expect(table.getByRole('row')).toHaveCount(13);
  const newest = table.getByRole('row').nth(1);
  await expect(newest.getByRole('cell').nth(1)).toHaveText('01/11/2026');
  await expect(newest.getByRole('cell').nth(4)).toHaveText(/^£\d{1,3}(,\d{3})*\.\d{2}$/);
  await expectAccessible(page, 'the invoices page');

  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('searchbox').fill('01/06/2026');
  await expect(table.getByRole('row')).toHaveCount(2);
  await page.getByRole('button', { name: 'Search' }).click();

  const number = (await newest.getByRole('cell').first().textContent()) ?? '';
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: `Download ${number} as PDF` }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`Calltrack_Invoice_${number}.pdf`);
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  expect(Buffer.concat(chunks).subarray(0, 5).toString()).toBe('%PDF-');
});

test('the technology partner has its invoices and billing details in its portal', async ({ page }) => {
  await logIn(page, 'techpartner@demo.test', '/manage/technologypartner/invoices');
  await expectHeading(page, 'Invoices');
  await expect(page.getByRole('table', { name: 'Invoices' }).getByRole('row')).toHaveCount(13);
  await page.goto('/manage/technologypartner/billing/details');
  await expectHeading(page, 'Billing details');
  await expect(page.getByLabel('Company name')).toHaveValue('Quantum Leads Ltd');
  await page.getByRole('link', { name: 'Update credit/debit card details' }).click();
  await expect(page).toHaveURL(/\/manage\/technologypartner\/billing\/details\/payment$/);
  await expectHeading(page, 'Payment details');
  await expectAccessible(page, "the technology partner's card form");
});

test('a Direct Debit payer changes bank account at the sandbox mandate page and comes back updated', async ({ page }) => {
  await logIn(page, 'starter@demo.test', '/manage/billing/details');
  await expect(page.getByLabel('Payment method')).toHaveValue('Direct Debit from account ending 31 (mandate MD4C2E19)');
  await page.getByRole('link', { name: 'Update your Direct Debit details' }).click();
  await expect(page.getByRole('heading', { name: 'Set up your Direct Debit' })).toBeVisible();

  await page.getByLabel('Account holder name').fill('Stone & Sons');
  await page.getByLabel('Sort code').fill('20-00');
  await page.getByRole('button', { name: 'Set up Direct Debit' }).click();
  await expect(page.getByText('Please enter a 6-digit sort code.')).toBeVisible();
  await expect(page.getByText('Please enter an 8-digit account number.')).toBeVisible();
  await expectAccessible(page, 'the sandbox mandate page with errors');

  await page.getByLabel('Sort code').fill('20-00-00');
  await page.getByLabel('Account number').fill('5543 9876');
  await page.getByRole('button', { name: 'Set up Direct Debit' }).click();
  await expect(page).toHaveURL(/\/manage\/billing\/details\?directDebitUpdated=1$/);
  await expect(page.getByText('Your Direct Debit details have been successfully updated.')).toBeVisible();
  await expect(page.getByLabel('Payment method')).toHaveValue(/^Direct Debit from account ending 76 \(mandate MD/);

  // Cancelling at the provider comes back with the failure banner.
  await page.getByRole('link', { name: 'Update your Direct Debit details' }).click();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/directDebitUpdated=0$/);
  await expect(page.getByText(/Your Direct Debit details could not be updated/)).toBeVisible();
});

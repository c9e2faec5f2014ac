import { expect, test } from './fixtures';
import { expectAccessible, expectHeading, logIn } from './helpers';

// Import sales: the owner uploads a CSV of two sales, one of them bad; the preview
// states the bad row's problem; importing nothing if a row is bad stops at the retry page; the
// good one is then imported, matched to the call of a demo buyer,
// and its revenue shows by source on Track Sales; the import is in the history and is undone
// after a confirmation. axe on each screen and the dialog.

interface LatestSale {
  time: string;
  phone: string;
  callId: number | null;
  credited: string;
}

test('the owner imports a sales file with one bad row and sees the revenue by source', async ({ page }) => {
  await logIn(page, 'owner@demo.test', '/manage/importsales');
  await expectHeading(page, 'Import sales');
  await expect(page.getByText('No sales files imported yet.')).toBeVisible();
  await expectAccessible(page, 'the Import sales page, empty');

  // A demo buyer whose sale matched a call credited to a source: the new sale is at the same time.
  const sales = await page.request.get('/api/tracksales/getSales?preset=last30Days', { headers: { 'X-Admin-Area': '1' } });
  const latest = ((await sales.json()) as { latest: LatestSale[] }).latest;
  const buyer = latest.find((s) => s.callId !== null && s.phone !== '' && s.credited !== '')!;
  expect(buyer).toBeTruthy();
  const when = buyer.time.split(' ').slice(0, 2).join(' ');
  const csv = [
    'Sale date,Phone number,Amount,Order ID',
    `${when},${buyer.phone},"987,654.32",E2E-1`,
    `31/02/2026,${buyer.phone},10,E2E-2`,
  ].join('\n');

  await page.getByRole('link', { name: 'Import a sales file' }).click();
  await expect(page).toHaveURL(/\/manage\/importsales\/upload$/);
  await page.getByLabel('Sales file', { exact: true }).setInputFiles({ name: 'e2e-sales.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: 'Upload and preview' }).click();
  // The file is kept: its mapping is a page of its own.
  await expect(page).toHaveURL(/\/manage\/importsales\/fieldmapping\/\d+$/);
  await expectHeading(page, 'Import field mapping');
  await expect(page.getByText('2 rows in e2e-sales.csv: 1 ready to import, 1 row has a problem.')).toBeVisible();
  await expect(page.getByLabel('Value (£)')).toHaveValue('2');
  await expect(page.getByRole('row', { name: /E2E-2/ })).toContainText("'31/02/2026' is not a date: use DD/MM/YYYY or YYYY-MM-DD.");
  await expectAccessible(page, 'the mapping and preview');

  // Importing nothing when a row is bad stops the import: the retry page keeps the choices.
  await page.getByLabel('Import nothing if any row has a problem').check();
  await page.getByRole('button', { name: 'Import the sales' }).click();
  await expect(page).toHaveURL(/\/manage\/importsales\/fieldmapping\/\d+\/retry$/);
  await expect(page.getByRole('alert')).toContainText('Nothing was imported: 1 row has a problem.');
  await expect(page.getByLabel('Import nothing if any row has a problem')).toBeChecked();
  await expect(page.getByText('2 rows in e2e-sales.csv: 1 ready to import, 1 row has a problem.')).toBeVisible();
  await expectAccessible(page, 'the retry');

  await page.getByLabel('Skip rows with problems and import the others').check();
  await page.getByRole('button', { name: 'Import the sales' }).click();
  await expect(page.getByRole('status').filter({ hasText: '1 sale imported, 1 row with problems skipped.' })).toContainText(
    '1 matched to a call: a match rate of 100%.',
  );
  await expectAccessible(page, 'the import result');

  await page.getByRole('link', { name: 'See the revenue by source in Track Sales' }).click();
  await expectHeading(page, 'Track sales');
  const bySource = page.getByRole('table', { name: 'Revenue by source / medium' });
  // The largest sale puts its source first.
  await expect(bySource.locator('tbody tr').first()).toContainText(buyer.credited);
  await expect(page.getByRole('row', { name: /E2E-1/ })).toContainText('987,654.32');

  await page.goto('/manage/importsales');
  const row = page.getByRole('row', { name: /e2e-sales\.csv/ });
  await expect(row).toContainText('1 (100%)');
  await expectAccessible(page, 'the history');
  await row.getByRole('button', { name: /^Undo the import of e2e-sales\.csv/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Undo this import?' });
  await expect(dialog).toContainText('The 1 sale imported from e2e-sales.csv will be deleted.');
  await expectAccessible(page, 'the undo dialog', { within: dialog });
  await dialog.getByRole('button', { name: 'Undo the import' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Undone: 1 sale of e2e-sales.csv removed.' })).toBeVisible();
  await expect(row).toContainText('Undone');
});

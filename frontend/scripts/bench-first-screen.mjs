// Measures what a browser fetches and how long it waits: logging in as owner@demo.test on a
// fresh browser (the first screen), then opening /routing in the same browser.
//   node scripts/bench-first-screen.mjs BASE_URL first|routing [ROWS_EXPECTED]
// Bytes are as sent over the wire (compressed bodies and headers, Chromium's encodedDataLength).
import { chromium } from '@playwright/test';

const [base, what, rowsExpected] = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'],
});
const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
const cdp = await page.context().newCDPSession(page);
await cdp.send('Network.enable');
let bytes = 0;
let requests = 0;
let sizes = [];
const urls = new Map();
cdp.on('Network.requestWillBeSent', (event) => urls.set(event.requestId, event.request.url));
cdp.on('Network.loadingFinished', (event) => {
  // A data: URL is part of the script that holds it, not a request.
  if (urls.get(event.requestId)?.startsWith('data:')) return;
  bytes += event.encodedDataLength;
  requests += 1;
  sizes.push([event.encodedDataLength, new URL(urls.get(event.requestId) ?? base).pathname]);
});
/** The largest transfers, for finding what to cut. */
const largest = () =>
  sizes
    .sort((a, b) => b[0] - a[0])
    .slice(0, Number(process.env.LARGEST ?? 5))
    .map(([size, path]) => `${path.split('/').pop() || path} ${kb(size)}`)
    .join(', ');
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

async function logIn() {
  await page.goto(`${base}/login?return=/manage/`);
  await page.getByLabel('Email').fill('owner@demo.test');
  await page.getByLabel('Password').fill('demopass');
  bytes = 0;
  requests = 0;
  sizes = [];
  const started = performance.now();
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('heading', { level: 1, name: 'Integrate' }).waitFor();
  const heading = performance.now() - started;
  await page.waitForLoadState('networkidle');
  return heading;
}

const heading = await logIn();
if (what === 'first') {
  console.log(`first screen (log in to Integrate): ${kb(bytes)} as sent in ${requests} requests, heading after ${heading.toFixed(0)} ms`);
  console.log(`  largest: ${largest()}`);
} else {
  // The demo owner's splash screen shows until it is acknowledged (the first run only looks).
  const gotIt = page.getByRole('button', { name: 'Got it' });
  if (await gotIt.isVisible()) await gotIt.click();
  bytes = 0;
  requests = 0;
  const table = page.getByRole('table', { name: 'Call routing' });
  const count = page.getByText(/^\d+ record\(s\)$/);
  let started = performance.now();
  await page.getByRole('navigation', { name: 'Admin', exact: true }).getByText('Call routing', { exact: true }).first().click();
  await table.locator('tbody tr td.row-select-cell').first().waitFor({ timeout: 120_000 });
  const listed = performance.now() - started;
  await page.waitForLoadState('networkidle');
  const records = await count.textContent();
  console.log(
    `/routing with ${rowsExpected ?? '?'} numbers and pools: ${kb(bytes)} as sent in ${requests} requests, ` +
      `first page (of '${records?.trim()}') shown after ${listed.toFixed(0)} ms`,
  );

  /** Runs `act`, then reports the server's time for the list request it causes and when `done` holds. */
  async function timed(label, act, done, path = 'getNumbersList') {
    const answered = page.waitForResponse((r) => r.url().includes(path), { timeout: 120_000 });
    started = performance.now();
    await act();
    const response = await answered;
    await response.finished();
    const server = performance.now() - started;
    await done();
    const shown = performance.now() - started;
    const timing = response.request().timing();
    const wait = timing.responseEnd - timing.requestStart;
    console.log(`  ${label}: answered in ${wait.toFixed(0)} ms (request to last byte), shown after ${shown.toFixed(0)} ms (${server.toFixed(0)} ms to the answer)`);
  }

  const search = page.getByRole('searchbox', { name: 'Search' });
  // A description that matches one row: what every keystroke of a search costs the server.
  await timed(
    "search 'Agency campaign 4242' (after the 200 ms typing pause)",
    () => search.fill('Agency campaign 4242'),
    () => count.filter({ hasText: /^[1-9]\d* record/ }).waitFor(),
  );
  await timed("search '0161 500'", () => search.fill('0161 500'), () => table.locator('tbody tr').first().waitFor());
  await timed('clear the search', () => search.fill(''), () => count.filter({ hasText: records ?? '' }).waitFor());
  await timed(
    'sort by description',
    () => table.getByRole('button', { name: 'Description' }).click(),
    () => table.locator('th[aria-sort="ascending"]', { hasText: 'Description' }).waitFor(),
  );
  await timed('next page', () => page.getByRole('button', { name: 'Next page' }).click(), () =>
    page.getByText(/^26–50 of/).waitFor(),
  );

  // The export of every row, streamed by the server and saved by the browser.
  started = performance.now();
  const download = page.waitForEvent('download', { timeout: 300_000 });
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  const { statSync } = await import('node:fs');
  const size = statSync(await file.path()).size;
  console.log(`  CSV export of every row: ${kb(size)} saved after ${(performance.now() - started).toFixed(0)} ms`);
}
await browser.close();

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
  bytes += event.encodedDataLength;
  requests += 1;
  sizes.push([event.encodedDataLength, new URL(urls.get(event.requestId) ?? base).pathname]);
});
/** The largest transfers, for finding what to cut. */
const largest = () =>
  sizes
    .sort((a, b) => b[0] - a[0])
    .slice(0, 5)
    .map(([size, path]) => `${path.split('/').pop() || path} ${kb(size)}`)
    .join(', ');
const kb = (n) => `${(n / 1024).toFixed(0)} KB`;

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
  bytes = 0;
  requests = 0;
  const started = performance.now();
  await page.getByRole('navigation', { name: 'Admin', exact: true }).getByText('Call routing', { exact: true }).first().click();
  await page.getByText(/\d[\d,]* record\(s\)/).first().waitFor({ timeout: 120_000 });
  const listed = performance.now() - started;
  await page.waitForLoadState('networkidle');
  const records = await page.getByText(/\d[\d,]* record\(s\)/).first().textContent();
  console.log(
    `/routing with ${rowsExpected ?? '?'} numbers and pools: ${kb(bytes)} as sent in ${requests} requests, ` +
      `'${records?.trim()}' after ${listed.toFixed(0)} ms`,
  );
}
await browser.close();

import { expect, test } from './fixtures';
import { expectAccessible, expectHeading, logIn } from './helpers';
import { DEMO_SITE_PORT, PORT } from './ports';

// Live tracking: Harbour Lane's implants page carries the tracking snippet; a visitor
// (a browser without the admin's session) sees a number of the page's pool in place of the
// page's own number, in text and in the tel: link, keeps it when the page reloads, and clicks
// 'Book now'; the owner finds that click on the call-to-action's page.

const HOST = 'implants.harbourlanedental.co.uk';
const PATH = '/book-online/implants';
const PAGE_NUMBER = '0113 496 0000';

const site = `<!doctype html><html lang="en"><head><title>Book | Harbour Lane Dental implants</title>
<script async src="http://127.0.0.1:${PORT}/tracking/mhct.js" data-vcam="hld-implants"></script></head>
<body><main><h1>Book your implant consultation</h1>
<p id="call">Call us on ${PAGE_NUMBER} or <a href="tel:+441134960000">tap to call</a>.</p>
<button id="book-now" type="button">Book now</button></main></body></html>`;

type Cta = { id: number; name: string; clicks30Days: number };

async function bookNow(page: import('@playwright/test').Page): Promise<Cta> {
  const reply = await page.request.get('/api/cta/getCtas', { headers: { 'X-Admin-Area': '1' } });
  return ((await reply.json()) as { ctas: Cta[] }).ctas.find((c) => c.name === 'Book now button')!;
}

test('a visitor sees a pool number on the implants page and their Book now click reaches the owner', async ({ page, browser, request }) => {
  await logIn(page, 'owner@demo.test', '/manage/cta');
  await expectHeading(page, 'Call-to-actions');
  const before = await bookNow(page);

  expect((await request.put(`http://127.0.0.1:${DEMO_SITE_PORT}/__site/${HOST}${PATH}`, { data: site })).ok()).toBe(true);
  const visitor = await browser.newContext();
  const tab = await visitor.newPage();
  await tab.goto(`http://${HOST}${PATH}?utm_source=bing&utm_medium=cpc`);
  await expect(tab.locator('html')).toHaveAttribute('data-mhct', 'swapped');
  const call = tab.locator('#call');
  await expect(call).not.toContainText(PAGE_NUMBER);
  const shown = ((await call.textContent()) ?? '').match(/Call us on ([\d ]+) or/)?.[1] ?? '';
  const digits = shown.replace(/\D/g, '');
  expect(digits).toMatch(/^0\d{10}$/);
  await expect(tab.getByRole('link', { name: 'tap to call' })).toHaveAttribute('href', `tel:+44${digits.slice(1)}`);

  // The visitor keeps their number for the session.
  await tab.reload();
  await expect(tab.locator('html')).toHaveAttribute('data-mhct', 'swapped');
  await expect(call).toContainText(`Call us on ${shown} or`);

  await tab.getByRole('button', { name: 'Book now' }).click();
  // The click is sent as a beacon: the owner's figures show it once it has arrived.
  await expect.poll(async () => (await bookNow(page)).clicks30Days).toBe(before.clicks30Days + 1);
  await visitor.close();

  await page.reload();
  const row = page.getByRole('table', { name: 'Call-to-actions' }).getByRole('row').filter({ hasText: 'Book now button' });
  await expect(row.getByRole('cell').nth(4)).toHaveText(String(before.clicks30Days + 1));
  await row.getByRole('link', { name: 'Book now button' }).click();
  await expectHeading(page, 'Call-to-action: Book now button');
  const latest = page.getByRole('table', { name: 'Latest clicks' }).locator('tbody tr').first();
  await expect(latest.getByRole('cell').nth(1)).toHaveText(PATH);
  await expectAccessible(page, "the Book now button's page with the visitor's click");
});

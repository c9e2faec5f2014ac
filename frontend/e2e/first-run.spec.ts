import { expect, test } from './fixtures';
import { expectAccessible, expectHeading, logIn, passwordLinkFor } from './helpers';
import { DEMO_SITE_PORT } from './ports';

// A new client from nothing to tracked calls: the partner creates the account, its
// owner sets a password from the invitation, and the home page's first-run checklist walks her
// through a first number, its routing and the tracking code, ticking each step off as it is done.
// The account is on Starter, so its routing step is a phone for every number (with advanced
// routing it is opening hours: covered by the domain's and the server's tests).

const SITE = 'www.lakesidephysio.example';
const OWNER = 'lena@lakesidephysio.example';
const OWNER_PASSWORD = 'Lakeside-physio-2026';

test('a new client walks the first-run checklist from an empty home page to tracked calls', { tag: '@pg' }, async ({ page, browser, request }) => {
  // An invitation, two purchases and a website check (polled every 5 s).
  test.slow();
  await logIn(page, 'partner@demo.test', '/manage/partner/accounts');
  await page.getByRole('button', { name: 'Add account' }).click();
  const add = page.getByRole('dialog', { name: 'Add account' });
  await add.getByLabel('Account', { exact: true }).fill('Lakeside Physio');
  await add.getByLabel('First name').fill('Lena');
  await add.getByLabel('Last name').fill('Lake');
  await add.getByLabel('Email').fill(OWNER);
  await add.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText(`Customer was created. An invitation to set a password was sent to ${OWNER}.`)).toBeVisible();

  // Lena sets her password from the invitation and logs in to her new account.
  await page.goto(await passwordLinkFor(browser, OWNER));
  await expect(page.getByRole('heading', { name: 'Welcome, set your password' })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill(OWNER_PASSWORD);
  await page.getByLabel('Confirm password', { exact: true }).fill(OWNER_PASSWORD);
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByRole('heading', { name: /^Welcome to / })).toBeVisible();
  await expect(page.getByText('Your password is set: log in with your email address and it.')).toBeVisible();
  expect((await page.request.post('/logout')).ok()).toBe(true);
  await logIn(page, OWNER, '/manage/', OWNER_PASSWORD);

  // The empty home page: three steps to do.
  await expectHeading(page, 'Integrate');
  const checklist = page.getByRole('region', { name: 'Get started' });
  await expect(checklist).toContainText('0 of 3 steps done.');
  await expectAccessible(page, "the new client's home page with its checklist");

  // 1. A first number, on a new plan sending its calls to the practice.
  await checklist.getByRole('link', { name: 'Buy a number' }).click();
  await expectHeading(page, 'Add static numbers');
  await expect(page.getByLabel('What it costs')).toContainText('Included in your plan: 10 static numbers left');
  await page.getByLabel('Prefix').selectOption({ label: '0330 496 (National (03))' });
  await page.getByRole('button', { name: 'New service plan' }).click();
  const plan = page.getByRole('dialog', { name: 'New service plan' });
  await plan.getByLabel('Description').fill('Practice line');
  await plan.getByLabel('International code').selectOption({ index: 1 });
  await plan.getByLabel('Destination number').fill('01174960123');
  await expect(plan.getByRole('button', { name: 'Save' })).toBeEnabled();
  await plan.getByRole('button', { name: 'Save' }).click();
  await expect(plan).toBeHidden();
  await page.getByRole('button', { name: 'Add campaign' }).click();
  const campaign = page.getByRole('dialog', { name: 'Add campaign' });
  await campaign.getByLabel('Description').fill('Local paper');
  await campaign.getByRole('button', { name: 'Save' }).click();
  await expect(campaign).toBeHidden();
  await expect(page.getByText("Campaign 'Local paper' added and chosen.")).toBeVisible();
  await page.getByLabel('Media description').fill('Evening Post advert');
  await page.getByRole('button', { name: 'Buy' }).click();
  await expect(page.getByText(/Your static number has been successfully added\./)).toBeVisible();

  // 2. Its routing was chosen as it was bought: the call routing lists it going to the plan.
  await page.goto('/manage/');
  await expect(checklist).toContainText('2 of 3 steps done.');
  await expect(checklist.getByRole('heading', { name: /Get your first tracked number\s*\(done\)/ })).toBeVisible();
  await expect(checklist.getByRole('heading', { name: /Send its calls to your phone\s*\(done\)/ })).toBeVisible();
  await expectAccessible(page, 'the home page with two steps done');
  await page.getByRole('navigation', { name: 'Admin', exact: true }).getByRole('link', { name: 'Call routing' }).click();
  await expectHeading(page, 'Call routing');
  const routed = page.getByRole('table').locator('tbody tr').filter({ hasText: 'Evening Post advert' });
  await expect(routed).toContainText('Practice line');
  await page.getByRole('navigation', { name: 'Admin', exact: true }).getByRole('link', { name: 'Overview' }).click();
  await expectHeading(page, 'Integrate');

  // 3. The website: Starter includes it, added by its address alone, the tracking code at once.
  await checklist.getByRole('link', { name: 'Add your website' }).click();
  await expectHeading(page, 'Add your website');
  const website = page.getByRole('form', { name: 'Add your website' });
  await expect(website).toContainText('Nothing more is charged.');
  await expectAccessible(page, 'the website form');
  await website.getByRole('button', { name: 'Add website' }).click();
  await expect(website).toContainText('Website address is required.');
  // The demo site answers plain http (a typed address without a scheme is taken as https).
  await website.getByLabel('Website address').fill(`http://${SITE}/`);
  await website.getByLabel('Phone number on your website').fill('+44 117 496 0123');
  await website.getByLabel('Calls go to').selectOption({ label: 'Practice line' });
  await website.getByRole('button', { name: 'Add website' }).click();
  await expect(page.getByText(`Your website tracking is set up for http://${SITE}/`)).toBeVisible();
  await expectHeading(page, 'Dynamic URL');

  // The code, pasted into the website's pages (the demo site serves what it is given).
  const snippet = (await page.locator('.tracking-snippet code').textContent()) ?? '';
  expect(snippet).toContain('data-vcam=');
  const site = `<!doctype html><html lang="en"><head><title>Lakeside Physio</title></head><body><h1>Lakeside Physio</h1><p>Call 0117 496 0123</p>${snippet}</body></html>`;
  expect((await request.put(`http://127.0.0.1:${DEMO_SITE_PORT}/__site/${SITE}`, { data: site })).ok()).toBe(true);

  await page.goto('/manage/');
  await expect(checklist.getByRole('link', { name: 'Get the tracking code' })).toBeVisible();
  const row = page.getByRole('region', { name: 'Dynamic URLs' }).getByRole('row', { name: /Website visitors|lakesidephysio/ });
  await row.getByRole('button', { name: /Check website/ }).click();
  // The background job fetches the site and the page asks every 5 s.
  await expect(row.getByRole('status')).toHaveText('Checked and working', { timeout: 20_000 });

  await page.reload();
  const done = page.getByRole('region', { name: 'Your account is set up' });
  await expect(done).toContainText('All three steps are done: your calls are tracked.');
  await expect(done.getByRole('heading', { name: /\(done\)$/ })).toHaveCount(3);
  await expectAccessible(page, 'the home page with the checklist done');
  await done.getByRole('button', { name: 'Hide checklist' }).click();
  await expect(done).toHaveCount(0);
});

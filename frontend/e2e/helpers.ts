import AxeBuilder from '@axe-core/playwright';
import { expect, type Browser, type Locator, type Page } from '@playwright/test';

export const PASSWORD = 'demopass';

const ADMIN_HEADERS = { 'X-Admin-Area': '1' };

/**
 * Acknowledges the user's splash screen, if any, as its Close button would: the demo has one for
 * Harbour Lane Dental, shown once per user, and the flows about other screens must not meet it
 * at whichever point of the run they first log in.
 */
export async function acknowledgeSplashScreen(page: Page): Promise<void> {
  const details = await page.request.get('/api/accountsettings/getAccountDetails', { headers: ADMIN_HEADERS });
  const splash = ((await details.json()) as { splashScreen?: { id: number } | null }).splashScreen;
  if (!splash) return;
  const done = await page.request.post('/api/handleajax/acknowledgesplashscreen/', {
    headers: ADMIN_HEADERS,
    form: { id: String(splash.id) },
  });
  expect(done.ok()).toBe(true);
}

/**
 * Logs in through the server's login page, then opens `path` of the app. The splash screen is
 * acknowledged first unless `keepSplashScreen` (the flow that tests it).
 */
export async function logIn(
  page: Page,
  email: string,
  path = '/manage/',
  password = PASSWORD,
  { keepSplashScreen = false }: { keepSplashScreen?: boolean } = {},
): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
  if (!keepSplashScreen) await acknowledgeSplashScreen(page);
  await page.goto(path);
}

export function sideMenu(page: Page, title: 'Admin' | 'Partner'): Locator {
  return page.getByRole('navigation', { name: title, exact: true });
}

/** A menu entry by its label, whether a link, a parent or an item with an upgrade chip. */
export function menuItem(menu: Locator, label: string): Locator {
  return menu.locator('.menu-label').getByText(label, { exact: true });
}

export async function expectHeading(page: Page, title: string): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: title, exact: true })).toBeVisible();
}

/** The axe impacts that fail a check; minor and moderate findings are left to review. */
const BLOCKING_IMPACTS = new Set(['serious', 'critical']);

/**
 * Runs axe-core (WCAG rules and best practices, its defaults) on the page as it is now and fails,
 * softly so that the flow goes on to check its later screens, when a serious or critical
 * violation is found. The message names each rule with its impact and help, the first few
 * elements, and why the first one fails (for contrast, the colours and the ratio). `what` names
 * the screen or dialog in the message.
 *
 * `within` limits the check to one element, for a modal dialog: the page under it is inert
 * (aria-modal) and covered by the backdrop while it is open, and is checked on its own by the
 * flows; checking it again under every dialog would only slow the suite down. `disableRules`
 * leaves rules out; each use must say why.
 */
export async function expectAccessible(
  page: Page,
  what: string,
  { within, disableRules = [] }: { within?: Locator; disableRules?: string[] } = {},
): Promise<void> {
  // Only violations are read: passes and the rest are not collected for every element (faster).
  let axe = new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).disableRules(disableRules);
  if (within) {
    // axe takes CSS selectors, not locators: mark the element for the run.
    await within.evaluate((element) => element.setAttribute('data-axe-scope', ''));
    axe = axe.include('[data-axe-scope]');
  }
  const results = await axe.analyze().finally(async () => {
    if (within) await within.evaluate((element) => element.removeAttribute('data-axe-scope'));
  });
  const blocking = results.violations.filter((v) => BLOCKING_IMPACTS.has(v.impact ?? ''));
  const report = blocking.map((v) => {
    const targets = v.nodes.slice(0, 3).map((node) => `    at ${node.target.join(' ')}`);
    const more = v.nodes.length > 3 ? [`    ... and ${v.nodes.length - 3} more`] : [];
    const why = (v.nodes[0]?.failureSummary ?? '').split('\n').map((line) => `      ${line.trim()}`);
    return [`${v.id} (${v.impact}): ${v.help}`, ...targets, ...more, ...why].join('\n');
  });
  expect.soft(report.join('\n'), `serious or critical axe violations on ${what}`).toBe('');
}

let made = 0;

/**
 * A suffix no other description in this run has (each run starts on a fresh database), from a
 * counter rather than the clock: the worker's number, then how many this worker has made.
 */
export function unique(): string {
  made += 1;
  return `${process.env.TEST_WORKER_INDEX ?? '0'}${String(made).padStart(3, '0')}`;
}

/** The routing list with every row on one page, once the server has sent them all. */
export async function showAllRoutingRows(page: Page): Promise<void> {
  const table = page.getByRole('table', { name: 'Call routing' });
  await expect(table).toBeVisible();
  await expect(table).not.toHaveAttribute('aria-busy');
  await page.getByRole('combobox', { name: 'Rows per page' }).selectOption('all');
  const count = Number((await page.getByText(/^\d+ record\(s\)$/).innerText()).split(' ')[0]);
  await expect(table.locator('tbody tr')).toHaveCount(count);
}

/**
 * The newest 'Reset your password' link emailed to `email` (an invitation or a reset), read from
 * the dev outbox, which lists sent emails newest first to a system manager only.
 */
export async function passwordLinkFor(browser: Browser, email: string): Promise<string> {
  const outbox = await browser.newPage();
  await logIn(outbox, 'manager@demo.test', '/outbox');
  // A reset link, or a new user's welcome link.
  const links = outbox.getByRole('link', { name: /^(Reset|Set) your password$/ });
  await expect(links.first()).toBeVisible();
  let href: string | null = null;
  for (let i = 0; i < (await links.count()) && !href; i++) {
    const mail = links.nth(i).locator('xpath=ancestor::article[1]');
    if ((await mail.textContent())?.includes(email)) href = await links.nth(i).getAttribute('href');
  }
  await outbox.close();
  expect(href, `a password link sent to ${email}`).toBeTruthy();
  return href!;
}

/**
 * The browser's one clock: every screen that shows or starts from "now" asks here, so tests
 * fix the time in one place (vitest's fake Date in src/test/setup.ts, Playwright's page.clock).
 */
export function now(): number {
  return Date.now();
}

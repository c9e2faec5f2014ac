/**
 * The instant the browser and the server both start from (playwright.config.ts passes it to
 * the server as CLOCK_START; fixtures.ts fixes each page's Date to it): a Monday morning in
 * winter, whatever day the tests run.
 */
export const E2E_NOW = new Date('2026-11-23T10:00:00Z');

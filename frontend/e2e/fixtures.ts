import { test as base } from '@playwright/test';
import { E2E_NOW } from './clock';

export { expect } from '@playwright/test';

/** Every page reads the fixed instant for Date; timers keep running. */
export const test = base.extend({
  page: async ({ page }, use) => {
    await page.clock.setFixedTime(E2E_NOW);
    await use(page);
  },
});

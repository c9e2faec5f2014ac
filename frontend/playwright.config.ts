import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { E2E_NOW } from './e2e/clock';
import { DEMO_SITE_PORT, PORT } from './e2e/ports';

const here = dirname(fileURLToPath(import.meta.url));

// This file is loaded by the runner and again by each worker; the variable makes them share one
// fresh database folder, created by whichever loads it first (the runner, which starts the server).
// A folder made here is removed when the run ends (e2e/teardown.ts).
if (!process.env.E2E_DATA_DIR) {
  process.env.E2E_DATA_DIR = mkdtempSync(join(tmpdir(), 'calltrack-e2e-'));
  process.env.E2E_DATA_DIR_MADE = '1';
}
const dataDir = process.env.E2E_DATA_DIR;

const BASE_URL = `http://127.0.0.1:${PORT}`;

export default defineConfig({
  testDir: './e2e',
  // The browser phone's flows need the telephony engine: scripts/test-browser-phone.sh runs them
  // with playwright.phone.config.ts.
  testIgnore: '**/phone.spec.ts',
  globalTeardown: './e2e/teardown.ts',
  fullyParallel: false,
  workers: 1,
  forbidOnly: !!process.env.CI,
  retries: 0,
  // Budgets, not waits: a flow ends as soon as what it asserts is true. scripts/test.sh runs three
  // servers and browsers at once on two cores, where axe's scan of one screen has taken seconds
  // and a CI machine has been twice as slow as this one; 30 s per flow failed there (stop 47).
  timeout: 90_000,
  expect: { timeout: 20_000 },
  reporter: process.env.CI ? 'line' : 'list',
  // Apart for the PostgreSQL run, which scripts/test.sh runs beside the SQLite one.
  outputDir: process.env.E2E_OUTPUT_DIR ?? './test-results',
  use: {
    baseURL: BASE_URL,
    // scripts/test.sh turns it off (E2E_TRACE=off): recording every step costs a sixth of the time.
    trace: process.env.E2E_TRACE === 'off' ? 'off' : 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        // A visitor's browser reaches Harbour Lane's implants page on the demo site (e2e/tracking.spec.ts).
        `--host-resolver-rules=MAP implants.harbourlanedental.co.uk 127.0.0.1:${DEMO_SITE_PORT}`,
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium', viewport: { width: 1280, height: 800 } } }],
  webServer: [
    {
      command: 'node e2e/demo-site.mjs',
      url: `http://127.0.0.1:${DEMO_SITE_PORT}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { DEMO_SITE_PORT: String(DEMO_SITE_PORT) },
    },
    {
      command: '${SERVER_BIN:-../target/debug/server}',
      url: `${BASE_URL}/login`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        BIND: `127.0.0.1:${PORT}`,
        // A fresh SQLite file, or the empty PostgreSQL database scripts/test.sh names for the
        // second run of the flows.
        DATABASE_URL: process.env.E2E_DATABASE_URL ?? `sqlite://${join(dataDir, 'e2e.db')}`,
        STATIC_DIR: resolve(here, 'dist'),
        SEED_DEMO: '1',
        PRODUCT_NAME: 'Calltrack',
        RUST_LOG: 'warn',
        DEV_OUTBOX: '1',
        CLOCK_START: String(E2E_NOW.getTime() / 1000),
        // Harbour Lane's implants page and the new client's website (e2e/first-run.spec.ts) are
        // served on this machine by the demo site.
        WEBSITE_CHECK_RESOLVE: [
          `implants.harbourlanedental.co.uk=127.0.0.1:${DEMO_SITE_PORT}`,
          `www.lakesidephysio.example=127.0.0.1:${DEMO_SITE_PORT}`,
        ].join(','),
      },
    },
  ],
});

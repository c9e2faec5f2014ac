import { rmSync } from 'node:fs';

/** The database folder playwright.config.ts made for this run goes with it (not one given). */
export default function teardown() {
  const dir = process.env.E2E_DATA_DIR;
  if (dir && process.env.E2E_DATA_DIR_MADE === '1') rmSync(dir, { recursive: true, force: true });
}

import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

// uPlot's canvas charts are recorded, in every file alike (src/test/uplot.ts says why).
vi.mock('uplot', async () => ({ default: (await import('./uplot')).FakePlot }));

/**
 * Every test starts at the same instant, whatever the machine's clock says: a Monday morning
 * in winter (GMT). Only Date is faked, so timers and waitFor keep real time; a test that needs
 * another moment calls vi.setSystemTime.
 */
export const TEST_NOW = new Date('2026-11-23T10:00:00Z');

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: TEST_NOW });
});

afterEach(() => {
  cleanup();
  // The files of a worker share one document (vitest.config.ts: isolate off): nothing a test put
  // in the head (icons, titles) stays for the next.
  if (typeof document !== 'undefined') {
    document.head.replaceChildren();
    document.title = '';
  }
  vi.useRealTimers();
  if (typeof localStorage !== 'undefined') localStorage.clear();
});

import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig({ mode: 'test', command: 'serve' }),
  defineConfig({
    test: {
      environment: 'jsdom',
      // Worker threads start faster than the default child processes (about 20% on 2 cores).
      pool: 'threads',
      // The files of a worker share one module graph and one jsdom instead of a fresh one each:
      // the suite runs in about a third of the time. The price: a test file must leave nothing
      // behind (src/test/setup.ts clears the DOM, storage, fake timers and stubs after each test)
      // and must not rely on a fresh document (remove what it looks for before adding its own).
      isolate: false,
      include: ['src/**/*.test.{ts,tsx}'],
      setupFiles: ['src/test/setup.ts'],
      restoreMocks: true,
      unstubGlobals: true,
      // Dialog tests drive the real wasm domain through many keystrokes; on a busy 2-core CI
      // machine the longest take several seconds, so the default 5 s is too tight.
      testTimeout: 20_000,
    },
  }),
);

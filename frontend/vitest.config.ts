import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      environment: 'jsdom',
      // Worker threads start faster than the default child processes (about 20% on 2 cores).
      pool: 'threads',
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

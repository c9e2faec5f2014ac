import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import wasm from 'vite-plugin-wasm';
import { fileURLToPath } from 'node:url';

const routerProduction = fileURLToPath(new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url));

// What every screen loads (React, the router, the shell's wasm glue, the app's shared
// components and helpers) in one chunk rather than twenty small ones: each request costs its
// headers, and the first screen's budget (scripts/check-first-screen.sh) counts them. The live
// chat and the splash screen load only for an account that has them.
const everyScreen = new RegExp(
  [
    String.raw`node_modules[\/](react|react-dom|react-router|scheduler)[\/]`,
    String.raw`src[\/]lib[\/](account|api|clock|dates|useLoader|useStoredState)\.tsx?$`,
    String.raw`src[\/]components[\/](Icon|Snackbar|PageHeading|SectionLoading|purchase[\/]PurchaseContext)\.tsx$`,
    String.raw`src[\/]domain[\/](index\.ts$|pkg-shell[\/])`,
    String.raw`src[\/]app[\/]((App|AppRoutes|sections|basename)\.tsx?|shell[\/](?!.*(Dialog|ChatPanel|SplashScreen)))`,
    'vite[\\/]preload-helper',
  ].join('|'),
);

// The home page (the integration overview, the first screen after login) and what it uses.
const homePage =
  /src[\\/](app[\\/]overviewSection|features[\\/](integrations[\\/](overview[\\/]|api[\\/]getFirstRun|components[\\/]useIntegrationActions)|dynamic[\\/]components[\\/]DynamicUrlsList))/;

export default defineConfig(({ mode }) => ({
  base: '/manage/',
  plugins: [react(), wasm()],
  // react-router's package points every condition at its development build (warnings,
  // invariant texts); the production build beside it is 10 KB smaller compressed.
  resolve:
    mode === 'production'
      ? { alias: [{ find: /^react-router$/, replacement: routerProduction }] }
      : {},
  build: {
    target: 'esnext',
    // scripts/check-first-screen.mjs reads it to find the first screen's files.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'app', test: everyScreen },
            { name: 'home', test: homePage },
          ],
        },
      },
    },
  },
}));

// The browser phone's flows (e2e/phone.spec.ts) against the real telephony engine: Asterisk 22,
// started by scripts/test-browser-phone.sh beside a SIPp phone that answers every destination,
// with Chromium's fake microphone playing a sentence espeak-ng spoke (PHONE_MICROPHONE_WAV). The
// server here has real calls on (TELEPHONY_SECRET, the engine's ARI) and a database of its own.
import { defineConfig } from '@playwright/test';
import base from './playwright.config';

const PORT = Number(process.env.E2E_PORT ?? 8481);
const BASE_URL = `http://127.0.0.1:${PORT}`;
const server = (base.webServer as NonNullable<Extract<typeof base.webServer, unknown[]>>)[1];

export default defineConfig({
  ...base,
  testIgnore: [],
  testMatch: 'phone.spec.ts',
  use: {
    ...base.use,
    baseURL: BASE_URL,
    launchOptions: {
      ...base.use?.launchOptions,
      args: [
        ...(base.use?.launchOptions?.args ?? []),
        // The microphone: allowed without asking, and a file instead of a device (docs/webrtc.md).
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
        `--use-file-for-fake-audio-capture=${process.env.PHONE_MICROPHONE_WAV ?? '/tmp/calltrack-phone-caller.wav'}`,
        '--autoplay-policy=no-user-gesture-required',
        // Media between the page and the engine on this machine's loopback.
        '--allow-loopback-in-peer-connection',
      ],
    },
  },
  webServer: [
    {
      ...server,
      url: `${BASE_URL}/login`,
      env: {
        ...server.env,
        BIND: `127.0.0.1:${PORT}`,
        TELEPHONY_SECRET: process.env.TELEPHONY_SECRET ?? '',
        TELEPHONY_ARI_URL: process.env.TELEPHONY_ARI_URL ?? 'http://127.0.0.1:18088/ari',
        TELEPHONY_MEDIA_URL: BASE_URL,
        // The scheduled routing changes' flow moves the clock on (e2e/phone.spec.ts, last).
        DEV_CLOCK: '1',
      },
    },
  ],
});

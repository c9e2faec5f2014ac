import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import wasm from 'vite-plugin-wasm';

export default defineConfig({
  base: '/manage/',
  plugins: [react(), wasm()],
  build: { target: 'esnext' },
});

/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { MSG } from '../../packages/contracts/src/messages.ts';
import { precompress } from './precompress.ts';

const root = fileURLToPath(new URL('.', import.meta.url));
const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

/** index.html's classic notice for browsers too old for the app carries the spec's text from contracts. */
const outdatedBrowserText = (): Plugin => ({
  name: 'outdated-browser-text',
  transformIndexHtml: (html) => html.replace('%OUTDATED_BROWSER%', MSG.outdatedBrowser),
});

export default defineConfig({
  root,
  plugins: [react(), outdatedBrowserText(), precompress()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    proxy: {
      '/v3': { target: apiTarget, changeOrigin: true },
      '/v1': { target: apiTarget, changeOrigin: true },
    },
  },
  build: {
    outDir: process.env.WEB_OUTDIR ?? fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // The framework changes less often than the app: its chunk stays cached across releases. Everything else
        // (antd's components, Leaflet, Editor.js) is split along the lazily loaded screens that use it.
        codeSplitting: {
          groups: [{ name: 'framework', test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack)[\\/]/ }],
        },
      },
    },
  },
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'node',
  },
});

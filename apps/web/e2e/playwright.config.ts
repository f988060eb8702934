import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3100);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const dataDir = path.join(root, `.e2e-data-${PORT}`);
/** A private build to test against (E2E_BUILD=name: apps/web/.dist-name and apps/server/.dist-name), else dist/. */
const build = process.env.E2E_BUILD;
const serverEntry = build ? `apps/server/.dist-${build}/main.js` : 'apps/server/dist/main.js';
const webDist = build ? path.join(root, `apps/web/.dist-${build}`) : undefined;

// order-routing moves an order to another partner: which partner's lists, counters and reports hold it.
const SHOP_WIDE = ['**/money-rule.e2e.ts', '**/reports.e2e.ts', '**/shop-time-zone.e2e.ts', '**/order-routing.e2e.ts'];

/** Browser tests run against the built app served by the real server on a fresh, seeded embedded database. */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.e2e.ts',
  outputDir: path.join(root, 'test-results', `e2e-${PORT}`),
  // The suite runs (in CI too) on a 2-core virtual machine whose speed varies by a factor of three from one day to
  // the next: on a slow day Chromium took 7 s to run a screen's code after loading it (two browsers, their software
  // compositors and two servers on two cores), past a 10 s visibility wait. The waits are for a slow day; a broken
  // feature still fails, only later.
  timeout: 90_000,
  expect: { timeout: 20_000 },
  fullyParallel: false,
  workers: 2,
  // A test is tried twice and a pass on the second try is reported as flaky; a broken feature fails both tries.
  retries: 1,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    locale: 'ru-RU',
    // Only a retried test is traced: a trace's screencast keeps Chromium drawing frames in its software GPU process
    // (60-70 % of a core per browser on this 2-core machine), which made every test twice as slow.
    trace: 'on-first-retry',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-quic',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'screens', testIgnore: SHOP_WIDE },
    // Specs that turn the demo shop's currency or tax type (every price of it) or compare shop-wide totals run after the
    // others, one at a time: run beside them they would change what another spec reads, or read what another places.
    { name: 'shop-wide', testMatch: SHOP_WIDE, dependencies: ['screens'], workers: 1 },
  ],
  webServer: {
    command: `rm -rf "${dataDir}" && node ${serverEntry}`,
    cwd: root,
    env: {
      PORT: String(PORT),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      PUBLIC_URL: `http://localhost:${PORT}`,
      ...(webDist ? { WEB_DIST: webDist } : {}),
    },
    url: `http://localhost:${PORT}/v3/api/utils/check/`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe',
  },
});

import path from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';
import { postgresReachable } from './apps/server/src/test/postgres-url.ts';

const server = path.resolve(import.meta.dirname, 'apps/server/src');
const web = path.resolve(import.meta.dirname, 'apps/web/src');

/**
 * The API tests that store or serve files (uploads, exports, downloads, the 1C exchange's packages, /health): the
 * api-s3 project runs them once more with the files in an S3-compatible bucket (issue 42).
 */
const FILE_TESTS = [
  'files/file-access',
  'jobs/export-jobs',
  'http/health',
  'modules/pricing/pricing-files',
  'modules/offers/offers',
  'modules/offers/offer-promo-format',
  'modules/shop/shop-files',
  'modules/shop/shop-settings',
  'modules/commercial-offer/commercial-offer',
  'modules/delivery/delivery-exclude-safety',
  'modules/orders/order-formats',
  'modules/exchange-1c/**/*',
].map((name) => `apps/server/src/${name}.api.test.ts`);

const apiProject = (name: string, engine: 'pglite' | 'postgres', fileStore: 'local' | 's3' = 'local') => ({
  resolve: { alias: { '@': server } },
  test: {
    name,
    include: fileStore === 's3' ? FILE_TESTS : ['apps/server/src/**/*.api.test.ts'],
    // The 1C exchange's settings page stores no file: a minute and a half of this project for nothing.
    exclude: [...configDefaults.exclude, ...(fileStore === 's3' ? ['apps/server/src/modules/exchange-1c/exchange-settings.api.test.ts'] : [])],
    environment: 'node',
    // api-s3: one S3 server (s3rver) per run; createTestApp gives each app a folder of its bucket.
    globalSetup: ['apps/server/src/test/global-setup.ts', ...(fileStore === 's3' ? ['apps/server/src/test/s3-global-setup.ts'] : [])],
    env: { TEST_DB_ENGINE: engine, TEST_FILE_STORE: fileStore },
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // Each test file holds its own database (PGlite ≈ 370 MB): two at a time on a 2-core machine.
    maxWorkers: 2,
    minWorkers: 1,
    // A worker runs its files one after another in one module graph: each file builds its own app and database, and
    // none mocks a module, so nothing leaks; importing the server once per worker instead of once per file took the
    // import time of 8 files from 56 s to 14 s (issue 40, a loaded machine).
    isolate: false,
  },
});

export default defineConfig(async () => ({
  test: {
    projects: [
      {
        resolve: { alias: { '@': server } },
        test: {
          name: 'unit',
          include: ['packages/**/src/**/*.test.ts', 'apps/server/src/**/*.unit.test.ts'],
          environment: 'node',
        },
      },
      {
        resolve: { alias: { '@': web } },
        test: { name: 'web-unit', include: ['apps/web/src/**/*.test.{ts,tsx}'], environment: 'node' },
      },
      apiProject('api', 'pglite'),
      apiProject('api-s3', 'pglite', 's3'),
      ...((await postgresReachable()) ? [apiProject('api-pg', 'postgres')] : []),
    ],
  },
}));

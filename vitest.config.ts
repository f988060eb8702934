import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { postgresReachable } from './apps/server/src/test/postgres-url.ts';

const server = path.resolve(import.meta.dirname, 'apps/server/src');
const web = path.resolve(import.meta.dirname, 'apps/web/src');

const apiProject = (name: string, engine: 'pglite' | 'postgres') => ({
  resolve: { alias: { '@': server } },
  test: {
    name,
    include: ['apps/server/src/**/*.api.test.ts'],
    environment: 'node',
    globalSetup: ['apps/server/src/test/global-setup.ts'],
    env: { TEST_DB_ENGINE: engine },
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
      ...((await postgresReachable()) ? [apiProject('api-pg', 'postgres')] : []),
    ],
  },
}));

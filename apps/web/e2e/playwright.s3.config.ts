import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import base from './playwright.config';

/*
 * The browser tests that store or serve files, once more with the files in an S3-compatible store (issue 42): a real
 * S3 server (s3rver, objects on disk) started before the server, which is given its S3_URL. The settings of the
 * browser and the waits are playwright.config.ts's; only the server, its port and the tests chosen differ.
 */

const PORT = Number(process.env.E2E_S3_PORT ?? 3200);
const S3_PORT = PORT + 1;
const BUCKET = 'b2b-e2e';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const dataDir = path.join(root, `.e2e-data-s3-${PORT}`);
const bucketDir = path.join(root, `.e2e-data-s3-${PORT}-bucket`);
/** As playwright.config.ts: a private build (E2E_BUILD=name), else dist/. */
const build = process.env.E2E_BUILD;
const serverEntry = build ? `apps/server/.dist-${build}/main.js` : 'apps/server/dist/main.js';
const webDist = build ? path.join(root, `apps/web/.dist-${build}`) : undefined;

/** The specs with a test that uploads a file into the store or downloads one from it. */
const FILE_SPECS = ['export-progress', 'settings', 'offers', 'exchange-1c', 'pricing-panel', 'shop', 'orders'].map((name) => `**/${name}.e2e.ts`);

/**
 * Their tests that do (by title), one of each way a file goes: the rest of those specs reads and writes the database
 * only; the other list exports (clients, orders, a price file) are export jobs as export-progress's is, and
 * file-formats.e2e.ts refuses its files in the browser before any upload.
 */
const FILE_TESTS = [
  /member export shows its progress/, // export-progress: an export job's file, downloaded
  /a shop file is uploaded into the blank slot/, // settings: a shop file stored and removed
  /commercial offer settings are filled with a logo and a seal/, // settings: two images stored
  /create an offer with two gifts, a banner and a promo file/, // offers: a banner and a promo file stored, read back
  /ADMIN: the address to copy/, // exchange-1c: 1C's packages stored and imported
  /a valid price file: its preview/, // pricing-panel: a price file stored, read by its job
  /a buyer finds a product by code, orders it/, // shop: the commercial offer PDF
  /a buyer sees running offers: the banner/, // shop: the offer's banner served
  /downloads the order as an \.xlsx/, // orders: an order's file
];

export default defineConfig({
  ...base,
  outputDir: path.join(root, 'test-results', `e2e-s3-${PORT}`),
  use: { ...base.use, baseURL: `http://localhost:${PORT}` },
  projects: [{ name: 'files-s3', testMatch: FILE_SPECS, grep: FILE_TESTS }],
  webServer: [
    // s3rver: apps/server's dev dependency (its CLI), in the workspace's node_modules.
    {
      command: `rm -rf "${bucketDir}" && mkdir -p "${bucketDir}" && node node_modules/s3rver/bin/s3rver.js -d "${bucketDir}" -a 127.0.0.1 -p ${S3_PORT} --configure-bucket ${BUCKET} --silent`,
      cwd: root,
      port: S3_PORT,
      timeout: 30_000,
      reuseExistingServer: false,
    },
    {
      command: `rm -rf "${dataDir}" && node ${serverEntry}`,
      cwd: root,
      env: {
        PORT: String(PORT),
        DATA_DIR: dataDir,
        // s3rver's fixed credentials, path-style addressing.
        S3_URL: `http://S3RVER:S3RVER@127.0.0.1:${S3_PORT}/${BUCKET}/e2e?path_style=true`,
        LOG_LEVEL: 'warn',
        PUBLIC_URL: `http://localhost:${PORT}`,
        ...(webDist ? { WEB_DIST: webDist } : {}),
      },
      url: `http://localhost:${PORT}/v3/api/utils/check/`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'pipe',
    },
  ],
});

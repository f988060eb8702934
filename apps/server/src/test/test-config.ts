import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AppDeps } from '../app';

/** A fresh data directory (mail outbox, files) for one test app. */
export const tempDataDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'b2b-data-'));

export const TEST_CONFIG: AppDeps['config'] = {
  ACCESS_TOKEN_TTL: 3600,
  REFRESH_TOKEN_TTL: 30 * 24 * 3600,
  LOG_LEVEL: 'silent',
  webDist: null,
  dataDir: path.join(os.tmpdir(), 'b2b-test-shared'),
  MAIL_FROM: 'B2B Опт <no-reply@b2b.test>',
  PUBLIC_URL: 'http://localhost:3000',
  runJobs: false,
};

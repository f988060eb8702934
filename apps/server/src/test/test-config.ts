import type { AppDeps } from '../app';

export const TEST_CONFIG: AppDeps['config'] = {
  ACCESS_TOKEN_TTL: 3600,
  REFRESH_TOKEN_TTL: 30 * 24 * 3600,
  LOG_LEVEL: 'silent',
  webDist: null,
};

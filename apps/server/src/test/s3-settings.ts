import type { S3Settings } from '@/files/s3-blob-store';

/** The bucket every test S3 server holds. */
export const TEST_BUCKET = 'b2b-test';

/** s3rver's fixed credentials. */
const S3RVER_KEY = 'S3RVER';

/**
 * The settings of a store on the test S3 server at `port` (s3-server.ts), under `prefix` (each test app its own
 * folder of the bucket). Apart from s3-server.ts so that a test worker builds them without loading s3rver.
 */
export const testS3Settings = (port: number, prefix: string): S3Settings => ({
  endpoint: `http://127.0.0.1:${port}`,
  bucket: TEST_BUCKET,
  region: 'us-east-1',
  prefix: prefix ? `${prefix.replace(/\/+$/, '')}/` : '',
  forcePathStyle: true,
  credentials: { accessKeyId: S3RVER_KEY, secretAccessKey: S3RVER_KEY },
});

/** S3_URL for a server process on the test S3 server at `port`: path-style, s3rver's credentials. */
export const testS3Url = (port: number, prefix = '') =>
  `http://${S3RVER_KEY}:${S3RVER_KEY}@127.0.0.1:${port}/${TEST_BUCKET}${prefix ? `/${prefix}` : ''}?path_style=true`;

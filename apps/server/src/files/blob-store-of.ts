import type { Config } from '@/config';
import { failingAsUnavailable, localBlobStore, type BlobStore } from './blob-store';
import { s3BlobStore } from './s3-blob-store';

/** The store the configuration names: an S3-compatible bucket when S3_URL or S3_BUCKET is set, else DATA_DIR. */
export function blobStoreOf(config: Pick<Config, 'dataDir' | 's3'>): BlobStore {
  return failingAsUnavailable(config.s3 ? s3BlobStore(config.s3) : localBlobStore(config.dataDir));
}

/** Where files live, for the start-up line (`… (postgres, 2 processes) files in s3://b2b/ at host`): never a secret. */
export const storeLabel = (config: Pick<Config, 's3'>) =>
  config.s3
    ? `files in s3://${config.s3.bucket}/${config.s3.prefix}${config.s3.endpoint ? ` at ${new URL(config.s3.endpoint).host}` : ''}`
    : 'files in DATA_DIR';

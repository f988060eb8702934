import type { Config } from '@/config';
import { failingAsUnavailable, localBlobStore, type BlobStore } from './blob-store';
import { s3BlobStore } from './s3-blob-store';

/** The store the configuration names: an S3-compatible bucket when S3_URL or S3_BUCKET is set, else DATA_DIR. */
export function blobStoreOf(config: Pick<Config, 'dataDir' | 's3'>): BlobStore {
  return failingAsUnavailable(config.s3 ? s3BlobStore(config.s3) : localBlobStore(config.dataDir));
}

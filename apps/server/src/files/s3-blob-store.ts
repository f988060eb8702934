import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { checkedKey, type BlobStore } from './blob-store';

/** An S3-compatible store as the configuration names it (config.ts's S3_* settings). */
export interface S3Settings {
  endpoint?: string;
  bucket: string;
  region: string;
  /** Keys are put under this folder of the bucket (e.g. `b2b/`), so that one bucket can serve several installs. */
  prefix: string;
  /** Path-style addressing (http://host/bucket/key): MinIO, Ceph, s3rver and most self-hosted stores. */
  forcePathStyle: boolean;
  /** Unset: the SDK's own chain (AWS_ACCESS_KEY_ID…, a profile, an instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

/** How long the store may take to accept a connection, and to send the next bytes of an answer. */
const CONNECT_TIMEOUT_MS = 5000;
const IDLE_TIMEOUT_MS = 60_000;
/** Multipart uploads' part size and how many go at once: 2 × 8 MB of memory per upload at most. */
const PART_BYTES = 8 * 1024 * 1024;
const PARTS_AT_ONCE = 2;
const HEALTH_TIMEOUT_MS = 2000;

const isMissing = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
};

/**
 * An S3-compatible bucket through the official AWS SDK v3 client: streamed multipart uploads (lib-storage, which
 * aborts a failed upload's parts), streamed downloads. Checksums only where the API requires them: the SDK's default
 * CRC trailers are refused by several S3-compatible stores.
 */
export function s3BlobStore(settings: S3Settings): BlobStore & { client: S3Client; keyOf: (key: string) => string } {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.credentials,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
    requestHandler: { connectionTimeout: CONNECT_TIMEOUT_MS, requestTimeout: IDLE_TIMEOUT_MS },
  });
  const Bucket = settings.bucket;
  const keyOf = (key: string) => settings.prefix + checkedKey(key);
  const ownKey = (stored: string) => stored.slice(settings.prefix.length);

  async function put(key: string, body: Readable | Buffer, contentType?: string) {
    const upload = new Upload({
      client,
      params: { Bucket, Key: keyOf(key), Body: body, ContentType: contentType },
      partSize: PART_BYTES,
      queueSize: PARTS_AT_ONCE,
      leavePartsOnError: false,
    });
    await upload.done();
  }

  async function* list(prefix: string) {
    let ContinuationToken: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: settings.prefix + prefix, ContinuationToken }));
      for (const o of page.Contents ?? []) {
        if (o.Key) yield { key: ownKey(o.Key), size: o.Size ?? 0, modifiedAt: o.LastModified ?? new Date(0) };
      }
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }

  return {
    kind: 's3',
    client,
    keyOf,
    where: `s3://${Bucket}/${settings.prefix}${settings.endpoint ? ` at ${new URL(settings.endpoint).host}` : ''}`,
    put,

    async putFile(key, file, contentType) {
      try {
        await put(key, createReadStream(file), contentType);
      } finally {
        await fs.rm(file, { force: true });
      }
    },

    async get(key, start = 0) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: keyOf(key), Range: start > 0 ? `bytes=${start}-` : undefined }));
        return { size: answer.ContentLength ?? 0, body: answer.Body as Readable };
      } catch (err) {
        // A range past the end of an object answers 416: nothing more to read.
        if ((err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 416) return { size: 0, body: Readable.from([]) };
        if (isMissing(err)) return undefined;
        throw err;
      }
    },

    async size(key) {
      try {
        return (await client.send(new HeadObjectCommand({ Bucket, Key: keyOf(key) }))).ContentLength ?? 0;
      } catch (err) {
        if (isMissing(err)) return undefined;
        throw err;
      }
    },

    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(key) }));
    },

    async deletePrefix(prefix) {
      let batch: string[] = [];
      const flush = async () => {
        if (!batch.length) return;
        await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }));
        batch = [];
      };
      for await (const entry of list(prefix)) {
        batch.push(keyOf(entry.key));
        if (batch.length === 1000) await flush();
      }
      await flush();
    },

    list,

    async answers() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }), { abortSignal: AbortSignal.timeout(HEALTH_TIMEOUT_MS) });
        return true;
      } catch {
        return false;
      }
    },
  };
}

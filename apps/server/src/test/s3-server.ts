import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Settings } from '@/files/s3-blob-store';
import { TEST_BUCKET, testS3Settings, testS3Url } from './s3-settings';

export { TEST_BUCKET };

export interface TestS3Server {
  /** S3_URL for a server process: path-style, s3rver's fixed credentials. */
  url: string;
  /** The settings for a store in this process, under `prefix` (each test app its own folder of the bucket). */
  settings(prefix: string): S3Settings;
  port: number;
  close(): Promise<void>;
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

/**
 * A real S3-compatible server (s3rver: the S3 REST API over HTTP, objects on disk) on a free local port, with one
 * bucket: the file store's tests talk to it through the AWS SDK exactly as they would to a bucket in production.
 */
export async function startS3Server(port?: number): Promise<TestS3Server> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'b2b-s3-'));
  const chosen = port ?? (await freePort());
  const server = new S3rver({ port: chosen, address: '127.0.0.1', directory, silent: true, configureBuckets: [{ name: TEST_BUCKET, configs: [] }] });
  await server.run();
  return {
    port: chosen,
    url: testS3Url(chosen),
    settings: (prefix) => testS3Settings(chosen, prefix),
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

import type { TestProject } from 'vitest/node';
import { startS3Server } from './s3-server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The api-s3 project's S3 server (s3rver): createTestApp puts each app's files under a folder of its bucket. */
    testS3: { port: number } | null;
  }
}

/**
 * The api-s3 project (TEST_FILE_STORE=s3): one real S3-compatible server for the whole run, its port provided to the
 * test workers. Any other project: nothing started, and createTestApp keeps files in each app's DATA_DIR.
 */
export default async function setup(project: TestProject) {
  // As in global-setup.ts: the project's env reaches its workers only, not this setup.
  const store = project.config.env?.TEST_FILE_STORE ?? process.env.TEST_FILE_STORE;
  if (store !== 's3') {
    project.provide('testS3', null);
    return;
  }
  const server = await startS3Server();
  project.provide('testS3', { port: server.port });
  return () => server.close();
}

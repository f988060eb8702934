import { startS3Server } from '../test/s3-server';
import { measureExport } from './export-run';
import { measureImport, type ImportFile } from './import-run';
import { startServer } from './server-process';

/**
 * The export and the price file once more with the files in an S3-compatible store (issue 42): a local s3rver, the
 * same built server with S3_URL, the same measurements, each figure named «S3 store: …» beside the local ones.
 */
export async function measureThroughS3(
  serverEnv: Record<string, string>,
  port: number,
  importFile: ImportFile,
  login: (baseUrl: string) => Promise<string>,
  log: (m: string) => void,
): Promise<Record<string, string | number>> {
  const s3 = await startS3Server();
  const server = await startServer({ ...serverEnv, S3_URL: s3.url }, port);
  const named = (figures: Record<string, string | number>) => Object.fromEntries(Object.entries(figures).map(([k, v]) => [`S3 store: ${k}`, v]));
  try {
    const headers = { authorization: `Bearer ${await login(server.baseUrl)}` };
    log('S3 store: the export and the price file with their files in a local s3rver');
    return {
      ...named(await measureExport(server, headers, (m) => log(`S3 store: ${m}`))),
      ...named(await measureImport(server, headers, importFile, (m) => log(`S3 store: ${m}`))),
    };
  } finally {
    await server.stop();
    await s3.close();
  }
}

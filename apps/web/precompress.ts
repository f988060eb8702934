import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

/** The text formats worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|map|xml|webmanifest)$/i;
/** Below this a compressed answer saves less than its own headers cost. */
const MIN_BYTES = 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

async function writeTwins(file: string): Promise<void> {
  const body = await fs.readFile(file);
  if (body.length < MIN_BYTES) return;
  const [br, gz] = await Promise.all([
    brotli(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gzip(body, { level: 9 }),
  ]);
  // The server sends a twin whenever it exists: one that saves nothing is left out.
  if (br.length < body.length) await fs.writeFile(`${file}.br`, br);
  if (gz.length < body.length) await fs.writeFile(`${file}.gz`, gz);
}

/**
 * Writes a brotli (.br, max quality) and a gzip (.gz, level 9) twin beside every compressible file of the build,
 * so the server sends them as they are (@fastify/static preCompressed) instead of compressing on every request.
 */
export const precompress = (): Plugin => ({
  name: 'precompress',
  apply: 'build',
  async writeBundle(options) {
    if (!options.dir) return;
    const files = (await filesUnder(options.dir)).filter((f) => COMPRESSIBLE.test(f));
    await Promise.all(files.map(writeTwins));
  },
});

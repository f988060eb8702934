import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { MSG } from '@b2b/contracts/messages';
import { AppError } from './app-error';

/** Vite names every file under assets/ by its content's hash: a new build brings new names. */
export const ASSET_CACHE = 'public, max-age=31536000, immutable';
/** index.html names the current build's assets: the browser asks again (304 when unchanged) every time. */
export const PAGE_CACHE = 'no-cache';
/** Files of the root other than index.html (favicon…) keep their names across builds. */
export const ROOT_FILE_CACHE = 'public, max-age=3600';

/** The Cache-Control of a file the web client is served from; a .br/.gz twin caches as the file it stands for. */
export function webCacheControl(dist: string, file: string): string {
  const name = path
    .relative(dist, file)
    .split(path.sep)
    .join('/')
    .replace(/\.(br|gz)$/, '');
  if (name.startsWith('assets/')) return ASSET_CACHE;
  if (name === 'index.html') return PAGE_CACHE;
  return ROOT_FILE_CACHE;
}

/**
 * Serves the built web client: brotli or gzip twins written by the build (apps/web/precompress.ts) to a browser
 * that accepts them, the file itself to one that does not. Any non-API GET that is no file falls back to
 * index.html (SPA routes).
 */
export async function registerWebApp(app: FastifyInstance, dist: string | null): Promise<void> {
  if (!dist || !fs.existsSync(path.join(dist, 'index.html'))) return;
  await app.register(fastifyStatic, {
    root: dist,
    wildcard: false,
    // The twins are served under their file's own URL, not as URLs of their own.
    globIgnore: ['**/*.br', '**/*.gz'],
    index: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, file) => reply.header('cache-control', webCacheControl(dist, file)),
  });
  const isApi = (url: string) => /^\/(v3|v1)\//.test(url);
  app.get('/', { schema: { hide: true } }, (_req, reply) => reply.sendFile('index.html'));
  app.get('/*', { schema: { hide: true } }, (request, reply) => {
    const file = decodeURIComponent(request.url.split('?')[0]).replace(/^\/+/, '');
    if (isApi(request.url)) throw new AppError('not_found', 404, MSG.notFound);
    if (file && !file.includes('..') && fs.existsSync(path.join(dist, file)) && fs.statSync(path.join(dist, file)).isFile()) {
      return reply.sendFile(file);
    }
    return reply.sendFile('index.html');
  });
}

import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** Where the partner map's tiles come from (apps/web points-map.tsx). */
export const MAP_TILE_SOURCE = 'https://*.tile.openstreetmap.org';

/** The CSP hashes ('sha256-…') of the inline scripts of an HTML page, so they run under script-src 'self'. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(match[1]) || !match[2].trim()) continue;
    hashes.push(`'sha256-${createHash('sha256').update(match[2], 'utf8').digest('base64')}'`);
  }
  return hashes;
}

function webScriptHashes(webDist: string | null): string[] {
  const index = webDist ? path.join(webDist, 'index.html') : null;
  return index && fs.existsSync(index) ? inlineScriptHashes(fs.readFileSync(index, 'utf8')) : [];
}

/**
 * Security headers on every answer (HTML, API, files, the API docs). The CSP fits the SPA: scripts only from our
 * origin (plus the hashes of index.html's inline scripts); styles also inline, because Ant Design, Leaflet and
 * Editor.js write style tags and attributes at run time; images from our API, data:/blob: previews and the map
 * tiles. No page of ours may be framed. Referrer: other origins get ours only (the tile server's usage policy asks for one).
 */
export function securityHeaderOptions(webDist: string | null): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...webScriptHashes(webDist)],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', MAP_TILE_SOURCE],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // Shops live on subdomains of the platform's domain and may not all be served over https.
    strictTransportSecurity: { maxAge: 180 * 24 * 3600, includeSubDomains: false },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  };
}

/**
 * The headers helmet sets for these options, computed once: none of ours depends on the request (no nonces), and
 * @fastify/helmet built helmet anew — its CSP parsed again — on every request (~3 % of the server's CPU per answer).
 */
export function securityHeaders(options: HelmetOptions): [string, string][] {
  const headers: [string, string][] = [];
  const collect = {
    setHeader: (name: string, value: string | number | readonly string[]) => headers.push([name, String(value)]),
    removeHeader: () => {},
  };
  helmet(options)({} as IncomingMessage, collect as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}

export function registerSecurityHeaders(app: FastifyInstance, webDist: string | null): void {
  const headers = securityHeaders(securityHeaderOptions(webDist));
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}

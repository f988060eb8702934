import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';

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
export async function registerSecurityHeaders(app: FastifyInstance, webDist: string | null): Promise<void> {
  await app.register(helmet, {
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
  });
}

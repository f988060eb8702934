import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** Issue 10.6: the JS the login page downloads before it renders, gzip-compressed, stays within this budget. */
export const LOGIN_JS_BUDGET_BYTES = 300 * 1024;

export interface BundleSize {
  files: { file: string; raw: number; gzip: number }[];
  raw: number;
  gzip: number;
}

/**
 * The files the entry's dynamic import of `chunk` loads with it: Vite lists them in `__vite__mapDeps([…])` next to
 * the `import()` and preloads them together (main.tsx imports the back office or the shop this way).
 */
export function dynamicImportFiles(entry: string, chunk: string): string[] {
  const table = /m\.f=\[([^\]]*)\]/.exec(entry);
  const call = new RegExp(`import\\(\`\\./(${chunk}-[\\w-]+\\.js)\`\\)[^;]*?__vite__mapDeps\\(\\[([\\d,]*)\\]\\)`).exec(entry);
  if (!table || !call) return [];
  const deps = [...table[1].matchAll(/"([^"]+)"/g)].map((m) => `/${m[1]}`);
  return [
    ...new Set([
      `/assets/${call[1]}`,
      ...call[2]
        .split(',')
        .filter(Boolean)
        .map((i) => deps[Number(i)]),
    ]),
  ].filter((f) => f.endsWith('.js'));
}

/**
 * The login route's JS in a built web client: the entry script, the chunks index.html preloads with it and the back
 * office's mount chunk with what it loads (every screen after sign-in is loaded lazily, so this is what /login
 * downloads). gzip at level 9, as served compressed.
 */
export function loginBundleSize(webDist: string): BundleSize {
  const html = fs.readFileSync(path.join(webDist, 'index.html'), 'utf8');
  const read = (url: string) => fs.readFileSync(path.join(webDist, url.replace(/^\//, '')));
  const scripts = [...html.matchAll(/<(?:script[^>]*\bsrc|link[^>]*rel="modulepreload"[^>]*\bhref)="([^"]+\.js)"/g)].map((m) => m[1]);
  const entry = scripts[0] ? read(scripts[0]).toString('utf8') : '';
  const backOffice = dynamicImportFiles(entry, 'mount-back-office');
  // Measuring the entry alone would pass any budget: a build whose entry no longer imports the chunk is an error.
  if (!backOffice.length) throw new Error(`login bundle: no dynamic import of the back office's chunk in ${scripts[0] ?? 'index.html'}`);
  const files = [...new Set([...scripts, ...backOffice])].map((url) => {
    const body = read(url);
    return { file: url, raw: body.length, gzip: gzipSync(body, { level: 9 }).length };
  });
  return { files, raw: files.reduce((s, f) => s + f.raw, 0), gzip: files.reduce((s, f) => s + f.gzip, 0) };
}

export function reportLoginBundle(webDist: string): boolean {
  if (!fs.existsSync(path.join(webDist, 'index.html'))) {
    console.log(`\nLogin page JS: no web build in ${webDist} (run npm run build)`);
    return true;
  }
  const size = loginBundleSize(webDist);
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  const within = size.gzip <= LOGIN_JS_BUDGET_BYTES;
  console.log(
    `\nLogin page JS: ${kb(size.gzip)} gzip (${kb(size.raw)} raw) in ${size.files.length} files — budget ${kb(LOGIN_JS_BUDGET_BYTES)}: ${within ? 'within' : 'OVER'}`,
  );
  console.table(size.files.map((f) => ({ file: f.file, raw: kb(f.raw), gzip: kb(f.gzip) })));
  return within;
}

// Bundles the server (with the shared contracts) into dist/main.js; npm packages stay external.
import { build } from 'esbuild';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const outdir = process.env.SERVER_OUTDIR ?? 'dist';
const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
await build({
  // The spreadsheet reader and the photo drawer start their workers from beside main.js (src/files/worker-start.ts).
  entryPoints: {
    main: 'src/main.ts',
    'seed-cli': 'src/seed/seed-cli.ts',
    'spreadsheet-worker': 'src/files/spreadsheet-worker.ts',
    'photo-worker': 'src/modules/storefront/photo-worker.ts',
  },
  outdir,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  // main.js imports the server's code (and its packages) only in a server process: the supervising parent stays small.
  splitting: true,
  sourcemap: true,
  alias: { '@': './src' },
  external: Object.keys(pkg.dependencies ?? {}),
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  logLevel: 'warning',
});

// The trigger SQL files (src/db/read-model-sql.ts) are read at start from sql/ beside the bundle, under their src/ paths.
rmSync(path.join(outdir, 'sql'), { recursive: true, force: true });
for (const file of readdirSync('src', { recursive: true })) {
  if (!file.endsWith('.sql')) continue;
  mkdirSync(path.dirname(path.join(outdir, 'sql', file)), { recursive: true });
  copyFileSync(path.join('src', file), path.join(outdir, 'sql', file));
}

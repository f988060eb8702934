import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/** tsx's ESM API, for a worker started from TypeScript source. */
function tsxApiUrl(): string {
  const packageJson = createRequire(import.meta.url).resolve('tsx/package.json');
  const exports = JSON.parse(readFileSync(packageJson, 'utf8')).exports as Record<string, { import: { default: string } }>;
  return pathToFileURL(path.join(path.dirname(packageJson), exports['./esm/api'].import.default)).href;
}

/**
 * A worker thread running the module `name` that sits beside the caller (`callerUrl`: its import.meta.url). The
 * bundled server starts dist/<name>.js (an entry of build.mjs, beside main.js and its chunks). Run from TypeScript
 * source (vitest, tsx dev) the worker registers tsx before importing <name>.ts, as a worker's execArgv loader does
 * not apply to its own entry.
 */
export function startModuleWorker(callerUrl: string, name: string, options: WorkerOptions = {}): Worker {
  if (!callerUrl.endsWith('.ts')) return new Worker(new URL(`./${name}.js`, callerUrl), options);
  const entry = JSON.stringify(new URL(`./${name}.ts`, callerUrl).href);
  return new Worker(`import(${JSON.stringify(tsxApiUrl())}).then((tsx) => { tsx.register(); return import(${entry}); });`, {
    ...options,
    eval: true,
  });
}

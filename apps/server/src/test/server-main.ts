import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The real server's entry, run from source through tsx (the API tests run before the build). */
export const SERVER_MAIN_SOURCE = path.join(serverRoot, 'src/main.ts');

/**
 * The server bundled as `npm start` runs it (build.mjs), into a directory of its own for this test file: it starts
 * in half the time of the source through tsx. Answers its main.js and how to remove it.
 */
export function buildServerMain(): { main: string; remove: () => void } {
  const outdir = path.join(serverRoot, `.dist-test-${randomBytes(4).toString('hex')}`);
  execFileSync(process.execPath, ['build.mjs'], { cwd: serverRoot, env: { ...process.env, SERVER_OUTDIR: outdir }, stdio: 'inherit' });
  return { main: path.join(outdir, 'main.js'), remove: () => fs.rmSync(outdir, { recursive: true, force: true }) };
}

export const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });

/** The server processes started by `pid` (tsx starts an esbuild process too): its cluster workers or its one child. */
export const serverProcessesOf = (pid: number, main = SERVER_MAIN_SOURCE) =>
  fs
    .readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
        return (
          Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid && fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(main)
        );
      } catch {
        return false;
      }
    })
    .map(Number);

export interface ServerMain {
  /** The process `npm start` starts: the supervising parent. */
  process: ChildProcess;
  base: string;
  port: number;
  /** Its output so far, and its children's (stdout and stderr). */
  output(): string;
  /** The server processes it started (serverProcessesOf). */
  children(): number[];
}

/** Starts the server (src/main.ts, or a built main.js) with `env` on a free port; resolves once it says it listens. */
export async function startServerMain(env: Record<string, string>, main = SERVER_MAIN_SOURCE): Promise<ServerMain> {
  const port = await freePort();
  const child = spawn(process.execPath, main.endsWith('.ts') ? ['--import', 'tsx', main] : [main], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', SEED_DEMO: 'never', LOG_LEVEL: 'warn', ...env },
    // tsx resolves the '@/' imports with the tsconfig of the directory it runs in.
    cwd: serverRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(`http://localhost:${port}`)) resolve();
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', (code) => reject(new Error(`the server ended (${code}): ${output}`)));
  });
  return { process: child, base: `http://127.0.0.1:${port}`, port, output: () => output, children: () => serverProcessesOf(child.pid!, main) };
}

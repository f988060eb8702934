import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { procStat } from './proc-stat';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// BENCH_SERVER_MAIN: a private build's main.js (SERVER_OUTDIR=.dist-NAME node build.mjs), when others share dist/.
export const SERVER_MAIN = process.env.BENCH_SERVER_MAIN ? path.resolve(process.env.BENCH_SERVER_MAIN) : path.join(serverRoot, 'dist/main.js');

export interface RunningServer {
  baseUrl: string;
  pid: number;
  /** What the server said when it listened: its database and how many processes serve the port. */
  banner: string;
  /** Resident memory of the server now, in MB (Linux /proc): its process and, with several, its workers. */
  rssMb(): number;
  /** The server's process and, with several, its workers. */
  pids(): number[];
  stop(): Promise<void>;
}

/**
 * The built server (`apps/server/dist/main.js`, as `npm start` runs it) in its own process, so that the load
 * generator and the server do not share an event loop. Resolves once it listens.
 */
export async function startServer(env: Record<string, string>, port: number): Promise<RunningServer> {
  if (!fs.existsSync(SERVER_MAIN)) throw new Error(`${SERVER_MAIN} is missing: run npm run build first`);
  const merged: NodeJS.ProcessEnv = { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', SEED_DEMO: 'never' };
  // An empty value unsets a variable (the embedded database: no DATABASE_URL).
  for (const [key, value] of Object.entries(env)) if (value === '') delete merged[key];
  // BENCH_CPU_PROF=DIR: each server process writes a V8 CPU profile there when it ends (cluster workers inherit it).
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROF)}`] : [];
  const child: ChildProcess = spawn(process.execPath, [...profile, SERVER_MAIN], {
    env: merged,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(`http://localhost:${port}`)) resolve();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`the server exited with ${code}:\n${output.slice(-2000)}`)));
  });
  // BENCH_SERVER_LOG: the server's own output from here on, appended to that file (its slow statements, its errors).
  const logTo = process.env.BENCH_SERVER_LOG;
  if (logTo) {
    const file = fs.createWriteStream(logTo, { flags: 'a' });
    child.stdout!.pipe(file);
    child.stderr!.pipe(file);
  } else {
    child.stdout!.resume();
    child.stderr!.resume();
  }
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    banner:
      output
        .split('\n')
        .find((line) => line.includes(`http://localhost:${port}`))
        ?.trim() ?? '',
    rssMb: () => rssMbOf([child.pid!, ...childrenOf(child.pid!)]),
    pids: () => [child.pid!, ...childrenOf(child.pid!)],
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Resident memory of processes together, in MB (Linux /proc). */
export function rssMbOf(pids: number[]): number {
  let kb = 0;
  for (const pid of pids) {
    try {
      kb += Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
    } catch {
      // ended meanwhile
    }
  }
  return kb / 1024;
}

/** The processes whose parent is `pid` (the server's workers when it runs several). */
function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    // Undefined: ended meanwhile.
    if (procStat(Number(entry))?.field(4) === pid) children.push(Number(entry));
  }
  return children;
}

/**
 * Waits until the server has served what a load run left in flight (wrk stops asking, not the server answering:
 * 32 reports of 3 s each keep it busy for seconds), so that the next run does not measure the previous one's tail:
 * three trivial answers in a row each within `quickMs`, or `maxMs` at most.
 */
export async function settle(baseUrl: string, headers: Record<string, string>, quickMs = 10, maxMs = 30_000): Promise<void> {
  const until = performance.now() + maxMs;
  for (let quick = 0; quick < 3 && performance.now() < until;) {
    const started = performance.now();
    await fetch(`${baseUrl}/v3/api/utils/check/`, { headers }).then((res) => res.arrayBuffer());
    quick = performance.now() - started <= quickMs ? quick + 1 : 0;
    if (!quick) await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

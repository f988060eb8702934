import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmptyPostgresDatabase } from '@/test/empty-database';

const MAIN = path.join(path.dirname(fileURLToPath(import.meta.url)), 'main.ts');

const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });

/** The server processes started by `pid` (tsx starts an esbuild process too). */
const workersOf = (pid: number) =>
  fs
    .readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid && fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(MAIN);
      } catch {
        return false;
      }
    });

/** The real server (src/main.ts) with two processes on a new PostgreSQL database. */
describe.skipIf(process.env.TEST_DB_ENGINE !== 'postgres' || !fs.existsSync('/proc/self/stat'))('several server processes on PostgreSQL', () => {
  let server: ChildProcess;
  let base = '';
  let output = '';
  let drop: () => Promise<void> = async () => {};
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'b2b-cluster-'));

  beforeAll(async () => {
    const db = await createEmptyPostgresDatabase();
    drop = db.drop;
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, ['--import', 'tsx', MAIN], {
      env: { ...process.env, DATABASE_URL: db.url, SERVER_PROCESSES: '2', PORT: String(port), HOST: '127.0.0.1', SEED_DEMO: 'never', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
      // tsx resolves the '@/' imports with the tsconfig of the directory it runs in.
      cwd: path.resolve(path.dirname(MAIN), '..'),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    await new Promise<void>((resolve, reject) => {
      const read = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes(`http://localhost:${port}`)) resolve();
      };
      server.stdout!.on('data', read);
      server.stderr!.on('data', read);
      server.once('exit', (code) => reject(new Error(`the server ended (${code}): ${output}`)));
    });
  }, 120_000);

  afterAll(async () => {
    if (server.exitCode === null) server.kill('SIGKILL');
    await drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('migrates once, then serves the port from two worker processes', async () => {
    expect(output).toContain('(postgres, 2 processes)');
    expect(output.match(/Migrations applied/g)).toHaveLength(1);
    expect(workersOf(server.pid!)).toHaveLength(2);
    const check = await fetch(`${base}/v3/api/utils/check/`);
    expect(check.status).toBe(200);
  });

  it("holds a route's request limit across the processes (each new connection goes to the next process)", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 24; i++) {
      const res = await fetch(`${base}/v3/api/auth/register/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', connection: 'close' },
        body: JSON.stringify({ type: 'nonsense' }),
      });
      statuses.push(res.status);
    }
    // 20 a minute (auth.routes.ts): counted per process, 24 would all pass.
    expect(statuses.filter((s) => s !== 429)).toHaveLength(20);
    expect(statuses.slice(20)).toEqual([429, 429, 429, 429]);
  });

  it('stops every process on SIGTERM', async () => {
    const workers = workersOf(server.pid!);
    const ended = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
    server.kill('SIGTERM');
    expect(await ended).toBe(0);
    expect(workers.filter((pid) => fs.existsSync(`/proc/${pid}`))).toEqual([]);
  });
});

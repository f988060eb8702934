import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmptyPostgresDatabase } from '@/test/empty-database';
import { serverProcessesOf as workersOf, startServerMain } from '@/test/server-main';

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
    const started = await startServerMain({ DATABASE_URL: db.url, SERVER_PROCESSES: '2', DATA_DIR: dataDir });
    server = started.process;
    base = started.base;
    output = started.output();
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

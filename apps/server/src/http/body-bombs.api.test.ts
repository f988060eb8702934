import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyBomb } from '@/bench/body-bomb';
import { rssMbOf } from '@/bench/server-process';
import { createEmptyPostgresDatabase } from '@/test/empty-database';
import { startServerMain, type ServerMain } from '@/test/server-main';

/*
 * Issue 37.1 against the real server process, on the engine of the project: 6 parallel signed-out 1 GB multipart
 * bodies to the token route and 6 to an unknown path (half announced by Content-Length, half chunked). Each is
 * answered with a 4xx within a second of its headers, the server's memory grows by less than 100 MB, and a
 * trivial route answers meanwhile. Before the caps, the server read every part into memory and died.
 */
describe.skipIf(!fs.existsSync('/proc/self/status'))('request bodies are bounded before they are read', () => {
  let server: ServerMain;
  /** The supervising parent and its server processes. */
  const rssMb = () => rssMbOf([server.process.pid!, ...server.children()]);
  let drop: () => Promise<void> = async () => {};
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'b2b-bombs-'));

  beforeAll(async () => {
    const env: Record<string, string> = { DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
    if (process.env.TEST_DB_ENGINE === 'postgres') {
      const db = await createEmptyPostgresDatabase();
      drop = db.drop;
      env.DATABASE_URL = db.url;
      env.SERVER_PROCESSES = '1';
    }
    server = await startServerMain(env);
  }, 170_000);

  afterAll(async () => {
    if (server && server.process.exitCode === null) {
      const ended = new Promise((resolve) => server.process.once('exit', resolve));
      server.process.kill('SIGTERM');
      await ended;
    }
    await drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers 12 parallel 1 GB bodies with a 4xx within a second each, in bounded memory, and serves meanwhile', async () => {
    const check = () => fetch(`${server.base}/v3/api/utils/check/`).then((res) => res.status);
    expect(await check()).toBe(200);
    const before = rssMb();
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb())), 20);
    const served: number[] = [];
    const probing = (async () => {
      for (let i = 0; i < 10; i++) {
        const started = performance.now();
        const [status, login] = await Promise.all([check(), fetch(`${server.base}/login`).then((res) => res.status)]);
        served.push(performance.now() - started);
        expect(status).toBe(200);
        expect(login).toBeLessThan(500);
      }
    })();
    const bombs = await Promise.all(
      ['/v3/oauth/token/', '/no-such-route'].flatMap((target) =>
        [0, 1, 2, 3, 4, 5].map((i) => bodyBomb(server.base, target, { chunked: i % 2 === 1 })),
      ),
    );
    await probing;
    clearInterval(sampler);

    for (const bomb of bombs) {
      const label = `${bomb.path} ${bomb.chunked ? 'chunked' : 'with its length'}: ${JSON.stringify(bomb)}`;
      expect(bomb.status, label).toBe(bomb.path === '/no-such-route' ? 404 : 413);
      expect(bomb.answeredMs, label).toBeLessThan(1000);
      expect(bomb.sentBytes, label).toBeLessThan(256 * 1024 * 1024);
    }
    expect(peak - before).toBeLessThan(100);
    expect(served).toHaveLength(10);
    expect(Math.max(...served)).toBeLessThan(2000);
  }, 60_000);
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '@/db/database';
import { buildServerMain, startServerMain, type ServerMain } from '@/test/server-main';
import { copyPostgresTemplate, DEMO_PASSWORD, WEB_CLIENT } from '@/test/test-app';

const postgres = process.env.TEST_DB_ENGINE === 'postgres';

/**
 * Issue 37.2: the real server (built, as `npm start` runs it) on the seeded test database of the project's
 * engine. A server process killed with SIGKILL is started again by its supervising parent (the embedded database's
 * small parent, or PostgreSQL's cluster primary with its one worker), serves again within 10 s, and a write it
 * acknowledged before the kill is there after.
 */
describe.skipIf(!fs.existsSync('/proc/self/stat'))(`a server process killed on ${postgres ? 'PostgreSQL' : 'the embedded database'}`, () => {
  let server: ServerMain;
  let drop: () => Promise<void> = async () => {};
  let removeBuild = () => {};
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'b2b-restart-'));

  beforeAll(async () => {
    const source = inject('testDatabase');
    const env: Record<string, string> = { DATA_DIR: dataDir, SERVER_PROCESSES: '1' };
    if (source.engine === 'postgres') {
      const copy = await copyPostgresTemplate(source.template);
      drop = copy.drop;
      env.DATABASE_URL = copy.url;
    } else {
      // The seeded database written to the data directory, as a server left it.
      const database = await openDatabase({ dataDir, loadDataDir: new Blob([fs.readFileSync(source.dumpPath)]) });
      await database.close();
    }
    const built = buildServerMain();
    removeBuild = built.remove;
    server = await startServerMain(env, built.main);
  }, 170_000);

  afterAll(async () => {
    if (server && server.process.exitCode === null) server.process.kill('SIGKILL');
    await drop();
    removeBuild();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const call = (url: string, init: RequestInit = {}) => fetch(`${server.base}${url}`, { ...init, headers: { connection: 'close', ...init.headers } });
  const form = (data: Record<string, string>, token?: string): RequestInit => ({
    method: 'POST',
    body: new URLSearchParams(data).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });

  it('is started again within 10 s, with the write it acknowledged before the kill', async () => {
    const signIn = await call(
      '/v3/oauth/token/',
      form({ grant_type: 'password', username: 'admin@partner.demo', password: DEMO_PASSWORD, ...WEB_CLIENT }),
    );
    expect(signIn.status).toBe(200);
    const token = ((await signIn.json()) as { access_token: string }).access_token;
    const email = `restarted.${Date.now()}@partner.demo`;
    const saved = await call('/v3/api/partner/employee/', form({ email, name: 'Анна', surname: 'Живучая' }, token));
    expect(await saved.json()).toMatchObject({ SUCCESS: 'Y' });

    const [killed] = server.children();
    expect(killed).toBeGreaterThan(0);
    process.kill(killed, 'SIGKILL');
    const since = Date.now();
    let status = 0;
    while (status !== 200 && Date.now() - since < 10_000) {
      status = await call('/health', { signal: AbortSignal.timeout(1000) }).then(
        (res) => res.status,
        () => 0,
      );
      if (status !== 200) await new Promise((r) => setTimeout(r, 100));
    }
    expect(status, `not served again within 10 s:\n${server.output()}`).toBe(200);
    expect(server.output()).toMatch(new RegExp(`server process ${killed} ended \\(SIGKILL\\) after [\\d.]+ s: starting it again in 0.5 s`));
    const [restarted] = server.children();
    expect(restarted).not.toBe(killed);

    // The session and the employee written before the kill are both there.
    const list = await call('/v3/api/partner/employee/', { headers: { authorization: `Bearer ${token}` } });
    expect(list.status).toBe(200);
    expect(((await list.json()) as { ITEMS: { EMAIL: string }[] }).ITEMS.map((e) => e.EMAIL)).toContain(email);
  });

  it('stops on SIGTERM (passed on to the server process) and is not started again', async () => {
    const children = server.children();
    expect(children).toHaveLength(1);
    const ended = new Promise<number | null>((resolve) => server.process.once('exit', (code) => resolve(code)));
    server.process.kill('SIGTERM');
    expect(await ended).toBe(0);
    expect(children.filter((pid) => fs.existsSync(`/proc/${pid}`))).toEqual([]);
    expect(server.output()).not.toMatch(/ended \(code 0\)|stopped: not started again/);
  });
});

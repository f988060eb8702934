/**
 * `npm run bench`: the large-supplier benchmark (issue 11). For each database (PostgreSQL when reachable, and the
 * embedded PGlite) it builds or reuses its data set, measures each route's raw SQL time in-process, then starts the
 * built server in its own process and loads it over real HTTP at each concurrency, printing p50/p95/p99 and req/s
 * next to the SQL time, and the targets it misses. It writes bench-results/bench.json and bench.md.
 *
 *   --engine postgres|pglite|both   (default: both, PostgreSQL when reachable)
 *   --duration S                    seconds of load per route and concurrency (default 4)
 *   --concurrency 1,32              (default 1,32)
 *   --only TEXT[|TEXT…]             only the routes (and export, import, first row, exchange 1C, S3 store) whose name contains one TEXT
 *   --out DIR                       (default bench-results)
 *   --record [--note TEXT]          also put the run's dated tables at the top of docs/performance.md's runs
 * PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/bench, created when missing) holds
 * the large supplier (npm run seed -- --size large). PGlite: BENCH_DATA_DIR (default .bench/pglite) holds the demo
 * set ×20. Run `npm run build` first: the server runs as `npm start` runs it. The load comes from Debian's `wrk`
 * when it is installed (BENCH_LOAD=node forces Node's own client, which takes far more of the machine's CPU).
 */
import { execFileSync } from 'node:child_process';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { loadConfig } from '../config';
import { postgresReachable, withDatabase } from '../test/postgres-url';
import { reportLoginBundle } from './login-bundle';
import { loadGenerator, runLoad } from './load';
import { BENCH_BUYER, BENCH_MANAGER, measureSql, prepareDataSet, type EngineSetup } from './data-set';
import { checkTargets, cpuText, describeTargets, TARGETS, writeReports, type EngineReport, type ScenarioResult } from './report';
import { scenarios } from './scenarios';
import { settle, startServer } from './server-process';
import { DEFAULT_WEB_DIST } from '../app';
import { measureExport } from './export-run';
import { benchExchange1c } from './exchange-1c-run';
import { measureImport } from './import-run';
import { measureCheckout, shopFirstPageJs } from './shop-run';
import { timeToFirstRow } from './first-row';
import { cpuMeter } from './cpu-meter';
import { measureBodyBombs } from './body-bomb';
import { recordRun } from './performance-log';
import { measureThroughS3 } from './s3-run';

const { values } = parseArgs({
  options: {
    engine: { type: 'string', default: 'both' },
    duration: { type: 'string', default: '4' },
    concurrency: { type: 'string', default: '1,32' },
    only: { type: 'string' },
    out: { type: 'string', default: 'bench-results' },
    record: { type: 'boolean', default: false },
    note: { type: 'string' },
  },
});
const durationMs = Number(values.duration) * 1000;
const concurrencies = values.concurrency
  .split(',')
  .map(Number)
  .filter((n) => n > 0);
const repoRoot = path.resolve(import.meta.dirname, '../../../..');

const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });

async function ensurePostgresDatabase(url: string) {
  const name = new URL(url).pathname.slice(1);
  const admin = new pg.Client({ connectionString: withDatabase(url, 'postgres') });
  await admin.connect();
  const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
  if (!exists.rowCount) await admin.query(`create database "${name.replace(/"/g, '')}"`);
  await admin.end();
}

async function login(baseUrl: string, as: { username: string; domain?: string } = { username: 'owner@partner.demo' }): Promise<string> {
  const config = loadConfig();
  for (let attempt = 1; ; attempt++) {
    const res = await signIn(baseUrl, as, config);
    // The body-bomb step fills the token route's per-address limit; a later step's sign-in waits out its window.
    if (res.status === 429 && attempt < 3) {
      const seconds = Number(res.headers.get('retry-after')) || 60;
      console.log(`sign-in limited: waiting ${seconds} s`);
      await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
      continue;
    }
    if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
    return ((await res.json()) as { access_token: string }).access_token;
  }
}

function signIn(baseUrl: string, as: { username: string; domain?: string }, config: ReturnType<typeof loadConfig>) {
  return fetch(`${baseUrl}/v3/oauth/token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'password',
      username: as.username,
      password: 'demo1234',
      ...(as.domain ? { domain: as.domain } : {}),
      client_id: config.OAUTH_CLIENT_ID,
      client_secret: config.OAUTH_CLIENT_SECRET,
    }),
  });
}

/** A database URL as the console may show it: its password masked. */
const withoutPassword = (url: string) => {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString();
};

/** Whether --only asks for the measurement of this name (any of its |-separated parts in it). */
const wanted = (name: string) => !values.only || values.only.split('|').some((part) => name.includes(part));

async function benchEngine(setup: EngineSetup): Promise<EngineReport> {
  console.log(`\n=== ${setup.engine}: ${setup.label}`);
  if (setup.engine === 'postgres') console.log('(CPU per request: server and PostgreSQL together, then server + PostgreSQL)');
  const { context, dataSet, importFile } = await prepareDataSet(setup, (m) => console.log(m), path.resolve(repoRoot, '.bench/files'));
  const list = scenarios(context).filter((s) => wanted(s.name));
  console.log(`Targets:\n  ${describeTargets(TARGETS[setup.engine]).join('\n  ')}`);
  if (!list.some((s) => s.kind === 'ceiling')) console.log("(no ceiling in this run: add 'ceiling' to --only for the shares)");
  const sqlTimes = await measureSql(setup, list);
  // In-process on the database: on PGlite before the server opens it (one process's); on PostgreSQL after the routes,
  // whose figures the autovacuum of its 200,000 written and rolled back rows doubled when it ran first.
  const measureExchange = async () =>
    wanted('exchange 1C') ? await benchExchange1c(setup, path.resolve(repoRoot, '.bench/files'), (m) => console.log(m)) : {};
  const exchange = setup.engine === 'pglite' ? await measureExchange() : {};

  const server = await startServer(setup.serverEnv, await freePort());
  const meter = await cpuMeter(server.pids, setup.databaseUrl);
  const results: ScenarioResult[] = [];
  const extra: Record<string, string | number> = {
    'load generator': loadGenerator() === 'wrk' ? 'wrk (Debian), one thread' : "Node's http client (apt-get install wrk for a lighter one)",
    server: server.banner,
    ...exchange,
  };
  // On a shared machine the other work running beside the bench weighs in every figure: say how busy it was.
  const loadBefore = os.loadavg()[0];
  try {
    const token = await login(server.baseUrl);
    const headers = { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' };
    const managerHeaders = { authorization: `Bearer ${await login(server.baseUrl, { username: BENCH_MANAGER })}`, 'accept-encoding': 'gzip' };
    const buyerHeaders = {
      authorization: `Bearer ${await login(server.baseUrl, { username: BENCH_BUYER.email, domain: BENCH_BUYER.shop })}`,
      'accept-encoding': 'gzip',
    };
    for (const scenario of list) {
      const result: ScenarioResult = { scenario, sql: sqlTimes.get(scenario.name), runs: [] };
      results.push(result);
      if (!scenario.path) {
        console.log(`${scenario.name}: not built yet (${scenario.missing})`);
        continue;
      }
      for (const [k, c] of concurrencies.entries()) {
        // Each concurrency asks its own share of the scenario's paths: none was asked by the run before.
        const share = scenario.paths && Math.floor(scenario.paths.length / concurrencies.length);
        const paths = share ? scenario.paths!.slice(k * share, (k + 1) * share) : undefined;
        const who = scenario.as === 'buyer' ? buyerHeaders : scenario.as === 'manager' ? managerHeaders : headers;
        const target = scenario.body
          ? { method: 'POST' as const, body: scenario.body, headers: { ...who, 'content-type': 'application/x-www-form-urlencoded' } }
          : { headers: who };
        await settle(server.baseUrl, headers);
        const run = await runLoad({ baseUrl: server.baseUrl, path: scenario.path, paths, ...target }, c, durationMs, meter);
        result.runs.push(run);
        const sql = result.sql ? ` | SQL p50 ${result.sql.p50.toFixed(2)} ms` : '';
        if (!run.requests) console.log(`${scenario.name} c${c}: no answer within the run's ${durationMs / 1000} s`);
        else
          console.log(
            `${scenario.name} c${c}: p50 ${run.p50.toFixed(2)} p95 ${run.p95.toFixed(2)} p99 ${run.p99.toFixed(2)} ms, ${run.rps.toFixed(0)} req/s${run.errors ? `, ${run.errors} errors` : ''}${sql}${run.cpu ? ` | CPU ${cpuText(run.cpu)} ms/req` : ''}`,
          );
      }
    }
    // The measurements past the routes, each chosen by its name too (--only import).
    await settle(server.baseUrl, headers);
    if (wanted('export')) Object.assign(extra, await measureExport(server, headers, (m) => console.log(m)));
    if (wanted('import')) Object.assign(extra, await measureImport(server, headers, importFile, (m) => console.log(m)));
    if (wanted('first row')) Object.assign(extra, await timeToFirstRow(server.baseUrl, (m) => console.log(m)));
    if (wanted('checkout')) Object.assign(extra, await measureCheckout(server, buyerHeaders, (m) => console.log(m)));
    if (wanted('body bomb')) Object.assign(extra, await measureBodyBombs(server, (m) => console.log(m)));
    if (wanted('shop first page')) Object.assign(extra, await shopFirstPageJs(server.baseUrl, BENCH_BUYER.shop, (m) => console.log(m)));
  } finally {
    await meter?.close();
    await server.stop();
  }
  if (setup.engine === 'postgres') Object.assign(extra, await measureExchange());
  if (wanted('S3 store')) Object.assign(extra, await measureThroughS3(setup.serverEnv, await freePort(), importFile, login, (m) => console.log(m)));
  extra['machine load, 1-minute average at start / end'] =
    `${loadBefore.toFixed(1)} / ${os.loadavg()[0].toFixed(1)} (${os.availableParallelism()} cores)`;
  const report: EngineReport = { engine: setup.engine, dataSet, results, extra };
  const failures = checkTargets(report, TARGETS[setup.engine]);
  console.log(failures.length ? `Targets missed:\n  ${failures.join('\n  ')}` : 'All targets met.');
  return report;
}

async function main() {
  const engines: EngineSetup[] = [];
  const pgUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench';
  if (values.engine !== 'pglite') {
    if (await postgresReachable(withDatabase(pgUrl, 'postgres'))) {
      await ensurePostgresDatabase(pgUrl);
      engines.push({ engine: 'postgres', label: withoutPassword(pgUrl), databaseUrl: pgUrl, serverEnv: { DATABASE_URL: pgUrl } });
    } else console.log(`PostgreSQL at ${withoutPassword(pgUrl)} is not reachable: measuring the embedded database only.`);
  }
  if (values.engine !== 'postgres') {
    const dataDir = path.resolve(repoRoot, process.env.BENCH_DATA_DIR ?? '.bench/pglite');
    engines.push({ engine: 'pglite', label: dataDir, dataDir, serverEnv: { DATA_DIR: dataDir, DATABASE_URL: '' } });
  }
  const reports: EngineReport[] = [];
  for (const setup of engines) reports.push(await benchEngine(setup));
  const files = writeReports(path.resolve(repoRoot, values.out), reports, TARGETS);
  console.log(`\nWritten ${files.json} and ${files.md}`);
  if (values.record) {
    const file = path.resolve(repoRoot, 'docs/performance.md');
    let commit = 'unknown (not a git checkout)';
    try {
      commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repoRoot, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    } catch {
      // A copy of the sources (git archive) has no history: --note says what it is.
    }
    await recordRun(file, reports, TARGETS, { at: new Date(), commit, note: values.note });
    console.log(`Recorded in ${file}`);
  }
  const loginWithinBudget = reportLoginBundle(loadConfig().WEB_DIST ?? DEFAULT_WEB_DIST);
  if (!loginWithinBudget) process.exitCode = 1;
}

main().catch((err) => {
  console.error(err instanceof Error ? err.stack : err);
  process.exit(1);
});

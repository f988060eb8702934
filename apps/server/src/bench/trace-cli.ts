/**
 * `npx tsx src/bench/trace-cli.ts [--pglite DIR] [--as owner|buyer|manager] [--once] PATH...`: each statement one
 * request runs, with its median time over 40 calls after a few warm-up calls (what a list's time is spent on); --once:
 * one call each, no warm-up (a search nobody asked before; put another path first to warm the app); --explain: each
 * statement's plan as it ran last (EXPLAIN ANALYZE, with its values). PostgreSQL: BENCH_DATABASE_URL or the bench's
 * database.
 */
import { CompiledQuery } from 'kysely';
import { openDatabase } from '../db/database';
import { readsOnly } from '../db/prepared-statements';
import { signedInApp } from './data-set';

const args = process.argv.slice(2);
const flag = (name: string) => {
  const i = args.indexOf(name);
  return i < 0 ? undefined : args.splice(i, 2)[1];
};
const dataDir = flag('--pglite');
const as = (flag('--as') ?? 'owner') as 'owner' | 'buyer' | 'manager';
let trace: { ms: number; sql: string; parameters: readonly unknown[] }[] = [];
const database = await openDatabase({
  databaseUrl: dataDir ? undefined : (process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench'),
  dataDir,
  onQuery: (ms, text, parameters) => trace.push({ ms, sql: text, parameters }),
});
const signedIn = await signedInApp(database);
const { app } = signedIn;
const headers = signedIn[as];

// --once: the first call alone, no warm-up (what a search nobody asked before costs, before anything is kept).
const once = args.includes('--once');
if (once) args.splice(args.indexOf('--once'), 1);
const explain = args.includes('--explain');
if (explain) args.splice(args.indexOf('--explain'), 1);
const RUNS = once ? 1 : 40;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
for (const url of args) {
  for (let i = 0; i < (once ? 0 : 5); i++) await app.inject({ url, headers });
  const runs: { total: number; trace: typeof trace; status: number; bytes: number }[] = [];
  for (let i = 0; i < RUNS; i++) {
    trace = [];
    const started = performance.now();
    const res = await app.inject({ url, headers });
    runs.push({ total: performance.now() - started, trace, status: res.statusCode, bytes: res.body.length });
  }
  const last = runs[runs.length - 1];
  const sqlTotal = median(runs.map((r) => r.trace.reduce((s, t) => s + t.ms, 0)));
  console.log(
    `\n${url}: ${last.status}, ${last.bytes} bytes, median of ${RUNS}: ${median(runs.map((r) => r.total)).toFixed(2)} ms, SQL ${sqlTotal.toFixed(2)} ms in ${last.trace.length}`,
  );
  last.trace.forEach((t, i) => {
    const ms = median(runs.filter((r) => r.trace[i]).map((r) => r.trace[i].ms));
    console.log(`  ${ms.toFixed(2)} ms  ${t.sql.replace(/\s+/g, ' ').slice(0, 300)}`);
  });
  if (explain) {
    // Reads only: EXPLAIN ANALYZE runs the statement, and a write would be done again.
    for (const t of last.trace.filter((s) => readsOnly(s.sql))) {
      const plan = await database.db
        .executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`explain (analyze, buffers) ${t.sql}`, [...t.parameters]))
        .catch((e: Error) => ({ rows: [{ 'QUERY PLAN': e.message }] }));
      console.log(`\n${t.sql}\n${JSON.stringify(t.parameters)}\n${plan.rows.map((r) => r['QUERY PLAN']).join('\n')}`);
    }
  }
}
await app.close();
await database.close();

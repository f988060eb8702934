import fs from 'node:fs';
import path from 'node:path';
import type { CpuPerRequest } from './cpu-meter';
import type { LoadResult } from './load';
import type { Scenario } from './scenarios';

export interface ScenarioResult {
  scenario: Scenario;
  /** Per request, the sum of its SQL statements' durations (in-process, sequential): the limit of the route. */
  sql?: { p50: number; p95: number; queries: number };
  runs: LoadResult[];
}

export interface EngineReport {
  engine: 'pglite' | 'postgres';
  dataSet: string;
  results: ScenarioResult[];
  extra: Record<string, string | number>;
}

export interface Targets {
  /** p95 of every list at the highest concurrency, ms. */
  listP95: number;
  /** The order list's req/s as a share of the ceiling's. */
  orderListShare?: number;
  /** API p50 at concurrency 1 as a multiple of its raw SQL p50. */
  sqlFactor?: number;
  /** Issue 12.10: a client's page of prices, p95 at concurrency 1, ms. */
  pricesP95?: number;
  /** Issue 12.10: the 100,000-row price file end to end, s, and as a multiple of its raw parse. */
  importSeconds?: number;
  importParseFactor?: number;
  /** Issue 13.8: the shop's catalogue page and searches, p95 at concurrency 1, ms. */
  shopP95?: number;
  /** Issue 16.6: each report over the whole history, p95 at concurrency 1, ms. */
  reportP95?: number;
  /** Issue 13.8: the 50-line checkout (its slowest of ten), ms, and the shop's first page JS, KB as served. */
  checkoutMs?: number;
  shopJsKb?: number;
}

/** A request's CPU in ms, server and database together, then each apart when the database's is known: "1.05 (0.80 + 0.25)". */
export const cpuText = (cpu: CpuPerRequest | undefined) => {
  if (!cpu) return '';
  const total = (cpu.serverMs + (cpu.databaseMs ?? 0)).toFixed(2);
  return cpu.databaseMs === undefined ? total : `${total} (${cpu.serverMs.toFixed(2)} + ${cpu.databaseMs.toFixed(2)})`;
};

const ms = (n: number | undefined) => (n === undefined || Number.isNaN(n) ? '' : n < 10 ? n.toFixed(2) : n.toFixed(1));

/** Checks the targets; answers the failures as sentences. */
export function checkTargets(r: EngineReport, t: Targets): string[] {
  const failures: string[] = [];
  const top = (s: ScenarioResult) => s.runs[s.runs.length - 1];
  const ceiling = r.results.find((s) => s.scenario.kind === 'ceiling');
  for (const s of r.results) {
    // A run without one answer has no latency to compare: a miss where a target is measured (a list's every run, any
    // route's first; a report at concurrency 32 is shown, not targeted).
    for (const run of s.runs.filter((x, i) => !x.requests && (i === 0 || s.scenario.kind === 'list'))) {
      failures.push(`${s.scenario.name}: no answer within the run at concurrency ${run.concurrency}`);
    }
    if (!s.runs.length || s.scenario.kind !== 'list') continue;
    if (top(s).p95 > t.listP95) failures.push(`${s.scenario.name}: p95 ${ms(top(s).p95)} ms > ${t.listP95} ms at concurrency ${top(s).concurrency}`);
    if (top(s).errors) failures.push(`${s.scenario.name}: ${top(s).errors} errors`);
    const one = s.runs[0];
    if (t.sqlFactor && s.sql && one.p50 > t.sqlFactor * Math.max(s.sql.p50, 1)) {
      failures.push(`${s.scenario.name}: API p50 ${ms(one.p50)} ms > ${t.sqlFactor}× SQL ${ms(s.sql.p50)} ms`);
    }
  }
  for (const prices of r.results.filter((s) => s.scenario.name.startsWith("pricing: a client's") && s.runs.length)) {
    if (t.pricesP95 && prices.runs[0].p95 > t.pricesP95) {
      failures.push(`${prices.scenario.name}: p95 ${ms(prices.runs[0].p95)} ms > ${t.pricesP95} ms at concurrency ${prices.runs[0].concurrency}`);
    }
  }
  for (const rep of r.results.filter((s) => s.scenario.kind === 'report' && s.runs.length)) {
    if (t.reportP95 && rep.runs[0].p95 > t.reportP95)
      failures.push(`${rep.scenario.name}: p95 ${ms(rep.runs[0].p95)} ms > ${t.reportP95} ms at concurrency ${rep.runs[0].concurrency}`);
    if (rep.runs.some((run) => run.errors)) failures.push(`${rep.scenario.name}: errors`);
  }
  const importTotal = r.extra['import total s'];
  if (t.importSeconds && typeof importTotal === 'number' && importTotal > t.importSeconds) {
    failures.push(`price file import: ${importTotal} s > ${t.importSeconds} s for ${r.extra['import rows']} rows`);
  }
  const importFactor = r.extra['import total / raw parse'];
  if (t.importParseFactor && typeof importFactor === 'number' && importFactor > t.importParseFactor) {
    failures.push(`price file import: ${importFactor}× the raw parse > ${t.importParseFactor}×`);
  }
  for (const shop of r.results.filter((s) => s.scenario.name.startsWith('shop: ') && s.runs.length)) {
    if (t.shopP95 && shop.runs[0].p95 > t.shopP95)
      failures.push(`${shop.scenario.name}: p95 ${ms(shop.runs[0].p95)} ms > ${t.shopP95} ms at concurrency ${shop.runs[0].concurrency}`);
  }
  const checkout = r.extra['checkout of 50 lines max ms'];
  if (t.checkoutMs && typeof checkout === 'number' && checkout > t.checkoutMs)
    failures.push(`checkout of 50 lines: ${checkout} ms > ${t.checkoutMs} ms`);
  const shopJs = r.extra['shop first page JS KB (as served)'];
  if (t.shopJsKb && typeof shopJs === 'number' && shopJs > t.shopJsKb) failures.push(`shop first page JS: ${shopJs} KB > ${t.shopJsKb} KB`);
  const orders = r.results.find((s) => s.scenario.name === 'orders: default');
  if (t.orderListShare && ceiling?.runs.length && orders?.runs.length) {
    const share = top(orders).rps / top(ceiling).rps;
    if (share < t.orderListShare) failures.push(`orders: default: ${(share * 100).toFixed(0)}% of the ceiling's req/s < ${t.orderListShare * 100}%`);
  }
  return failures;
}

export function markdown(reports: EngineReport[], targets: Record<string, Targets>): string {
  const lines: string[] = ['# npm run bench', '', `Run ${new Date().toISOString()}.`, ''];
  for (const r of reports) {
    const concurrencies = [...new Set(r.results.flatMap((s) => s.runs.map((x) => x.concurrency)))];
    lines.push(`## ${r.engine} — ${r.dataSet}`, '');
    // The CPU a request cost at the highest concurrency: comparable from one machine to the next, as latency is not.
    const top = concurrencies[concurrencies.length - 1];
    const head = [
      'route',
      'SQL p50 ms',
      ...concurrencies.flatMap((c) => [`c${c} p50`, `c${c} p95`, `c${c} p99`, `c${c} req/s`]),
      `c${top} CPU ms/req (server + db)`,
    ];
    lines.push(`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`);
    for (const s of r.results) {
      if (s.scenario.missing) {
        lines.push(`| ${s.scenario.name} | not built yet: ${s.scenario.missing} |${concurrencies.flatMap(() => [' ', ' ', ' ', ' ']).join('|')}| |`);
        continue;
      }
      const cells = concurrencies.flatMap((c) => {
        const run = s.runs.find((x) => x.concurrency === c);
        if (!run) return ['', '', '', ''];
        // A run in which no answer came (a heavy report at concurrency 32: every request still at work when it ended).
        if (!run.requests) return ['—', '—', '—', 'no answer in the run'];
        return [ms(run.p50), ms(run.p95), ms(run.p99), run.rps.toFixed(0) + (run.errors ? ` (${run.errors} err)` : '')];
      });
      lines.push(`| ${s.scenario.name} | ${ms(s.sql?.p50)} | ${cells.join(' | ')} | ${cpuText(s.runs.find((x) => x.concurrency === top)?.cpu)} |`);
    }
    lines.push('');
    for (const [k, v] of Object.entries(r.extra)) lines.push(`- ${k}: ${v}`);
    const failures = checkTargets(r, targets[r.engine]);
    lines.push('', failures.length ? `**Targets missed:**\n${failures.map((f) => `- ${f}`).join('\n')}` : '**All targets met.**', '');
  }
  return lines.join('\n');
}

export function writeReports(dir: string, reports: EngineReport[], targets: Record<string, Targets>): { json: string; md: string } {
  fs.mkdirSync(dir, { recursive: true });
  const json = path.join(dir, 'bench.json');
  const md = path.join(dir, 'bench.md');
  fs.writeFileSync(json, JSON.stringify({ at: new Date().toISOString(), targets, reports }, null, 2));
  fs.writeFileSync(md, markdown(reports, targets));
  return { json, md };
}

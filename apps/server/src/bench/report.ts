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

/** What a target names: a kind of route, or one route by its role (the order list, the order card, partner info). */
export type TargetClass = 'list' | 'search' | 'card' | NonNullable<Scenario['role']>;

export interface Targets {
  /** Issue 40: req/s at the highest concurrency as a share of the ceiling's in the same run. */
  share?: Partial<Record<TargetClass, number>>;
  /** Issue 40: CPU per request, server + database, ms (cpuRun: at the highest concurrency that counted it). */
  cpuMs?: Partial<Record<TargetClass, number>>;
  /** Issue 40: p95 at concurrency 1, ms. */
  p95AtOne?: Partial<Record<TargetClass, number>>;
  /** Issue 12.10: the 100,000-row price file end to end, s, and as a multiple of its raw parse. */
  importSeconds?: number;
  importParseFactor?: number;
  /** Issue 16.6: each report over the whole history, p95 at concurrency 1, ms. */
  reportP95?: number;
  /** Issue 13.8: the 50-line checkout (its slowest of ten), ms, and the shop's first page JS, KB as served. */
  checkoutMs?: number;
  shopJsKb?: number;
  /** Issue 41: an offers.xml of 100,000 offers read and applied, s; the sale query of 1,000 orders, s. */
  exchangeOffersSeconds?: number;
  saleQuerySeconds?: number;
}

// Issue 40's targets per request on PostgreSQL's large set and PGlite's demo ×20; the reports, the checkout and the
// shop's JS keep those of issues 16.6 and 13.8.
export const TARGETS: Record<string, Targets> = {
  postgres: {
    share: { 'order list': 0.3, 'partner info': 0.3, list: 0.15, search: 0.15, card: 0.15, 'order card': 0.15 },
    cpuMs: { list: 2, 'order list': 2, search: 4, 'order card': 2.5, 'partner info': 1 },
    p95AtOne: { list: 20, 'order list': 20, search: 20, 'partner info': 20 },
    importSeconds: 10,
    importParseFactor: 3.5,
    reportP95: 500,
    checkoutMs: 100,
    shopJsKb: 200,
    exchangeOffersSeconds: 15,
    saleQuerySeconds: 2,
  },
  pglite: {
    p95AtOne: { list: 30, 'order list': 30, search: 30 },
    importSeconds: 10,
    checkoutMs: 100,
    shopJsKb: 200,
    exchangeOffersSeconds: 30,
    saleQuerySeconds: 2,
  },
};

/** The target class of a route; none for the ceiling and the reports. */
export const targetClass = (s: Scenario): TargetClass | undefined => s.role ?? (s.kind === 'report' || s.kind === 'ceiling' ? undefined : s.kind);

const CLASS_NAMES: Record<TargetClass, string> = {
  'order list': 'the order list',
  'order card': 'the order card',
  'partner info': 'partner info',
  list: 'other lists',
  search: 'text searches',
  card: 'other cards',
};

/** Classes by the value a target gives them, the strictest first: "≥ 30 %: the order list, partner info". */
function byValue(targets: Partial<Record<TargetClass, number>>, text: (v: number) => string, strictFirst: 'high' | 'low') {
  const groups = new Map<number, TargetClass[]>();
  const classes = (Object.keys(CLASS_NAMES) as TargetClass[]).filter((c) => targets[c] !== undefined);
  for (const cls of classes) groups.set(targets[cls]!, [...(groups.get(targets[cls]!) ?? []), cls]);
  return [...groups]
    .sort(([a], [b]) => (strictFirst === 'high' ? b - a : a - b))
    .map(([v, classes]) => `${classes.map((c) => CLASS_NAMES[c]).join(', ')} ${text(v)}`)
    .join('; ');
}

const percent = (share: number) => `${Number((share * 100).toFixed(1))} %`;

/** The targets as the bench prints them before it measures. */
export function describeTargets(t: Targets): string[] {
  const lines: string[] = [];
  if (t.share) lines.push(`req/s at the highest concurrency, as a share of the ceiling's: ${byValue(t.share, (v) => `≥ ${percent(v)}`, 'high')}`);
  if (t.cpuMs) lines.push(`CPU per request (server + database): ${byValue(t.cpuMs, (v) => `≤ ${v} ms`, 'low')}`);
  if (t.p95AtOne) lines.push(`p95 at concurrency 1: ${byValue(t.p95AtOne, (v) => `≤ ${v} ms`, 'low')}`);
  if (t.importSeconds) lines.push(`the price file: ≤ ${t.importSeconds} s end to end`);
  if (t.importParseFactor) lines.push(`the price file: ≤ ${t.importParseFactor}× its raw parse`);
  if (t.reportP95) lines.push(`each report: p95 ≤ ${t.reportP95} ms at concurrency 1`);
  if (t.checkoutMs) lines.push(`the 50-line checkout: ≤ ${t.checkoutMs} ms`);
  if (t.shopJsKb) lines.push(`the shop's first page JS: ≤ ${t.shopJsKb} KB`);
  if (t.exchangeOffersSeconds) lines.push(`the 1C exchange: 100,000 offers read and applied ≤ ${t.exchangeOffersSeconds} s`);
  if (t.saleQuerySeconds) lines.push(`the 1C exchange: the sale query of 1,000 orders ≤ ${t.saleQuerySeconds} s`);
  return lines;
}

/** A request's CPU, server and database together, ms. */
const cpuTotal = (cpu: CpuPerRequest | undefined) => (cpu ? cpu.serverMs + (cpu.databaseMs ?? 0) : undefined);

/** A request's CPU in ms, server and database together, then each apart when the database's is known: "1.05 (0.80 + 0.25)". */
export const cpuText = (cpu: CpuPerRequest | undefined) => {
  if (!cpu) return '';
  const total = cpuTotal(cpu)!.toFixed(2);
  return cpu.databaseMs === undefined ? total : `${total} (${cpu.serverMs.toFixed(2)} + ${cpu.databaseMs.toFixed(2)})`;
};

/**
 * The run whose CPU per request stands for the route: the highest concurrency's, else the highest one's that counted
 * it (a run counts it only when its answers far outnumber those left in flight, which a slow route at 32 on a busy
 * machine does not).
 */
export const cpuRun = (s: ScenarioResult) => [...s.runs].reverse().find((x) => x.cpu);

/** The route's CPU per request as the tables show it, with its concurrency when it is not the highest. */
export const routeCpuText = (s: ScenarioResult, top: number) => {
  const run = cpuRun(s);
  return run ? `${cpuText(run.cpu)}${run.concurrency === top ? '' : ` at c${run.concurrency}`}` : '';
};

export const ms = (n: number | undefined) => (n === undefined || Number.isNaN(n) ? '' : n < 10 ? n.toFixed(2) : n.toFixed(1));

/** The ceiling's req/s at a concurrency of the run, when it was measured and answered. */
const ceilingRps = (r: EngineReport, concurrency: number) =>
  r.results.find((s) => s.scenario.kind === 'ceiling')?.runs.find((x) => x.concurrency === concurrency && x.requests)?.rps;

/** Checks the targets; answers the failures as sentences. */
export function checkTargets(r: EngineReport, t: Targets): string[] {
  const failures: string[] = [];
  for (const s of r.results) {
    const cls = targetClass(s.scenario);
    // A run without one answer has no latency to compare: a miss where a target is measured (a targeted route's every
    // run, any route's first; a report at concurrency 32 is shown, not targeted).
    for (const run of s.runs.filter((x, i) => !x.requests && (i === 0 || cls))) {
      failures.push(`${s.scenario.name}: no answer within the run at concurrency ${run.concurrency}`);
    }
    if (!cls || !s.runs.length) continue;
    for (const run of s.runs.filter((x) => x.errors)) failures.push(`${s.scenario.name}: ${run.errors} errors at concurrency ${run.concurrency}`);
    const top = s.runs[s.runs.length - 1];
    const one = s.runs.find((x) => x.concurrency === 1 && x.requests);
    const share = t.share?.[cls];
    const ceiling = ceilingRps(r, top.concurrency);
    if (share && ceiling && top.requests && top.rps < share * ceiling) {
      failures.push(`${s.scenario.name}: ${percent(top.rps / ceiling)} of the ceiling's req/s < ${percent(share)} at concurrency ${top.concurrency}`);
    }
    const cpuMs = t.cpuMs?.[cls];
    const counted = cpuRun(s);
    const cpu = cpuTotal(counted?.cpu);
    if (cpuMs && cpu === undefined && s.runs.some((x) => x.requests)) failures.push(`${s.scenario.name}: no CPU per request (too few answers)`);
    else if (cpuMs && cpu !== undefined && cpu > cpuMs) {
      failures.push(`${s.scenario.name}: CPU ${cpu.toFixed(2)} ms a request > ${cpuMs} ms at concurrency ${counted!.concurrency}`);
    }
    const p95 = t.p95AtOne?.[cls];
    if (p95 && one && one.p95 > p95) failures.push(`${s.scenario.name}: p95 ${ms(one.p95)} ms > ${p95} ms at concurrency 1`);
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
  const checkout = r.extra['checkout of 50 lines max ms'];
  if (t.checkoutMs && typeof checkout === 'number' && checkout > t.checkoutMs)
    failures.push(`checkout of 50 lines: ${checkout} ms > ${t.checkoutMs} ms`);
  const shopJs = r.extra['shop first page JS KB (as served)'];
  if (t.shopJsKb && typeof shopJs === 'number' && shopJs > t.shopJsKb) failures.push(`shop first page JS: ${shopJs} KB > ${t.shopJsKb} KB`);
  const offers = r.extra['exchange 1C offers read + applied s'];
  if (t.exchangeOffersSeconds && typeof offers === 'number' && offers > t.exchangeOffersSeconds)
    failures.push(`1C exchange: ${r.extra['exchange 1C offers']} offers in ${offers} s > ${t.exchangeOffersSeconds} s`);
  const sale = r.extra['exchange 1C sale query s'];
  if (t.saleQuerySeconds && typeof sale === 'number' && sale > t.saleQuerySeconds)
    failures.push(`1C exchange: the sale query of ${r.extra['exchange 1C sale query orders']} orders in ${sale} s > ${t.saleQuerySeconds} s`);
  return failures;
}

/** A route's req/s at a concurrency as a share of the ceiling's at it: "41 %", or empty when either is unknown. */
export function shareText(r: EngineReport, run: LoadResult | undefined): string {
  const ceiling = run?.requests ? ceilingRps(r, run.concurrency) : undefined;
  return ceiling ? percent(run!.rps / ceiling) : '';
}

export function markdown(reports: EngineReport[], targets: Record<string, Targets>): string {
  const lines: string[] = ['# npm run bench', '', `Run ${new Date().toISOString()}.`, ''];
  for (const r of reports) {
    const concurrencies = [...new Set(r.results.flatMap((s) => s.runs.map((x) => x.concurrency)))];
    lines.push(`## ${r.engine} — ${r.dataSet}`, '', 'Targets:', ...describeTargets(targets[r.engine]).map((l) => `- ${l}`), '');
    // The CPU a request cost at the highest concurrency: comparable from one machine to the next, as latency is not.
    const top = concurrencies[concurrencies.length - 1];
    const head = [
      'route',
      'SQL p50 ms',
      ...concurrencies.flatMap((c) => [`c${c} p50`, `c${c} p95`, `c${c} p99`, `c${c} req/s`]),
      `c${top} share of ceiling`,
      `CPU ms/req (server + db), c${top} unless said`,
    ];
    lines.push(`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`);
    for (const s of r.results) {
      if (s.scenario.missing) {
        lines.push(
          `| ${s.scenario.name} | not built yet: ${s.scenario.missing} |${concurrencies.flatMap(() => [' ', ' ', ' ', ' ']).join('|')}| | |`,
        );
        continue;
      }
      const cells = concurrencies.flatMap((c) => {
        const run = s.runs.find((x) => x.concurrency === c);
        if (!run) return ['', '', '', ''];
        // A run in which no answer came (a heavy report at concurrency 32: every request still at work when it ended).
        if (!run.requests) return ['—', '—', '—', 'no answer in the run'];
        return [ms(run.p50), ms(run.p95), ms(run.p99), run.rps.toFixed(0) + (run.errors ? ` (${run.errors} err)` : '')];
      });
      const last = s.runs.find((x) => x.concurrency === top);
      lines.push(`| ${s.scenario.name} | ${ms(s.sql?.p50)} | ${cells.join(' | ')} | ${shareText(r, last)} | ${routeCpuText(s, top)} |`);
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

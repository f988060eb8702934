import fs from 'node:fs';
import prettier from 'prettier';
import { checkTargets, ms, routeCpuText, shareText, type EngineReport, type Targets } from './report';

/** `npm run bench -- --record` puts each run's tables right below this line of docs/performance.md, the newest first. */
export const RUNS_MARKER = '<!-- npm run bench -- --record: each run below this line, the newest first -->';

export interface RunMeta {
  at: Date;
  /** The commit measured, as the one who ran it says it (HEAD unless the server was a private build of other work). */
  commit: string;
  note?: string;
}

const ENGINE_NAMES: Record<EngineReport['engine'], string> = { postgres: 'PostgreSQL', pglite: 'PGlite' };

/** A paragraph in lines of at most 118 characters (Prettier keeps a Markdown paragraph's lines as written). */
const wrapped = (text: string) =>
  text.split(' ').reduce<string[]>((lines, word) => {
    const last = lines[lines.length - 1];
    if (last !== undefined && last.length + 1 + word.length <= 118) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
    return lines;
  }, []);

/** One engine's run as a dated table: the ceiling, then each route's share of it, its CPU per request and its p95s. */
export function runTable(r: EngineReport, targets: Targets, meta: RunMeta): string {
  const concurrencies = [...new Set(r.results.flatMap((s) => s.runs.map((x) => x.concurrency)))].sort((a, b) => a - b);
  const top = concurrencies[concurrencies.length - 1];
  const ceiling = r.results.find((s) => s.scenario.kind === 'ceiling');
  const ceilingRun = ceiling?.runs.find((x) => x.concurrency === top && x.requests);
  const lines = [`### ${meta.at.toISOString().slice(0, 16).replace('T', ' ')} UTC — ${ENGINE_NAMES[r.engine]}, ${r.dataSet}`, ''];
  const machine = ceilingRun
    ? `Machine ceiling (${ceiling!.scenario.name}): ${ceilingRun.rps.toFixed(0)} req/s at concurrency ${top}.`
    : 'The ceiling was not measured in this run (no shares).';
  lines.push(...wrapped(`Commit ${meta.commit}.${meta.note ? ` ${meta.note}` : ''} ${machine}`), '');
  // Narrow headers: the table stays within a reader's width. The CPU is the run's at c32 unless its cell says 'at c1'.
  const head = ['route', `c${top} share`, 'CPU ms (server + db)', ...concurrencies.map((c) => `c${c} p95 ms`), `c${top} req/s`];
  lines.push(`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`);
  for (const s of r.results) {
    if (s.scenario.kind === 'ceiling' || !s.runs.length) continue;
    const last = s.runs.find((x) => x.concurrency === top);
    const p95s = concurrencies.map((c) => {
      const run = s.runs.find((x) => x.concurrency === c);
      return !run ? '' : run.requests ? ms(run.p95) : 'no answer';
    });
    const rps = last?.requests ? last.rps.toFixed(0) + (last.errors ? ` (${last.errors} err)` : '') : '';
    lines.push(`| ${[s.scenario.name, shareText(r, last), routeCpuText(s, top), ...p95s, rps].join(' | ')} |`);
  }
  lines.push('');
  for (const [k, v] of Object.entries(r.extra)) lines.push(`- ${k}: ${v}`);
  const failures = checkTargets(r, targets);
  lines.push('', failures.length ? `Targets missed:\n\n${failures.map((f) => `- ${f}`).join('\n')}` : 'All targets met.');
  return lines.join('\n');
}

/** The page with the tables put right below the marker (a section holding it is added at the end when it has none). */
export function withRunRecorded(page: string, tables: string[]): string {
  const text = page.includes(RUNS_MARKER) ? page : `${page.trimEnd()}\n\n## Runs of npm run bench\n\n${RUNS_MARKER}\n`;
  const at = text.indexOf(RUNS_MARKER) + RUNS_MARKER.length;
  const rest = text.slice(at).replace(/^\n*/, '');
  return `${text.slice(0, at)}\n\n${tables.join('\n\n')}\n${rest ? `\n${rest}` : ''}`;
}

/** Records the run in the page, laid out as the repository's Prettier lays it out (format:check stays clean). */
export async function recordRun(file: string, reports: EngineReport[], targets: Record<string, Targets>, meta: RunMeta) {
  const page = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '# Performance: what `npm run bench` measured\n';
  const text = withRunRecorded(
    page,
    reports.map((r) => runTable(r, targets[r.engine], meta)),
  );
  fs.writeFileSync(file, await prettier.format(text, { ...(await prettier.resolveConfig(file)), filepath: file }));
}

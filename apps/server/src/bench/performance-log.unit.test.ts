import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import prettier from 'prettier';
import { describe, expect, it } from 'vitest';
import { loadRun as run } from './bench-test-kit';
import { recordRun, RUNS_MARKER, runTable, withRunRecorded } from './performance-log';
import { TARGETS, type EngineReport } from './report';

const report: EngineReport = {
  engine: 'postgres',
  dataSet: '«Канцлер Опт»: 1,000,000 orders, 100,000 clients',
  results: [
    { scenario: { name: 'ceiling: GET utils/check', kind: 'ceiling', path: '/c' }, runs: [run(1, { rps: 900 }), run(32, { rps: 4000 })] },
    {
      scenario: { name: 'orders: default', kind: 'list', role: 'order list', path: '/o' },
      runs: [run(1, { p95: 3.2 }), run(32, { rps: 1000, p95: 41, cpu: { serverMs: 0.8, databaseMs: 0.2 } })],
    },
    { scenario: { name: 'offers: list', kind: 'list', missing: 'a later issue' }, runs: [] },
  ],
  extra: { 'import total s': 6.5 },
};
const at = new Date('2026-11-28T13:05:09Z');

describe('the performance log', () => {
  it("writes a run as a dated table of each route's share of the ceiling, CPU per request and p95s, with its misses", () => {
    expect(runTable(report, TARGETS.postgres, { at, commit: 'abc1234', note: 'Before the issue-40 changes, on a quiet machine.' })).toBe(
      [
        '### 2026-11-28 13:05 UTC — PostgreSQL, «Канцлер Опт»: 1,000,000 orders, 100,000 clients',
        '',
        'Commit abc1234. Before the issue-40 changes, on a quiet machine. Machine ceiling (ceiling: GET utils/check): 4000',
        'req/s at concurrency 32.',
        '',
        '| route | c32 share | CPU ms (server + db) | c1 p95 ms | c32 p95 ms | c32 req/s |',
        '|---|---|---|---|---|---|',
        '| orders: default | 25 % | 1.00 (0.80 + 0.20) | 3.20 | 41.0 | 1000 |',
        '',
        '- import total s: 6.5',
        '',
        'Targets missed:',
        '',
        "- orders: default: 25 % of the ceiling's req/s < 30 % at concurrency 32",
      ].join('\n'),
    );
  });

  it('puts the newest run right below the marker, above the older ones, and keeps the rest of the page', () => {
    const page = `# Performance\n\nHow to read it.\n\n${RUNS_MARKER}\n\n### older run\n\n| a |\n\n## Earlier notes\n\nProse.\n`;
    expect(withRunRecorded(page, ['### newer run\n\n| b |'])).toBe(
      `# Performance\n\nHow to read it.\n\n${RUNS_MARKER}\n\n### newer run\n\n| b |\n\n### older run\n\n| a |\n\n## Earlier notes\n\nProse.\n`,
    );
    expect(withRunRecorded('# Performance\n', ['### first run'])).toBe(
      `# Performance\n\n## Runs of npm run bench\n\n${RUNS_MARKER}\n\n### first run\n`,
    );
  });

  it('records the run in the file as Prettier lays it out', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'perf-log-')), 'performance.md');
    fs.writeFileSync(file, `# Performance\n\n${RUNS_MARKER}\n\n### older run\n`);
    await recordRun(file, [report], TARGETS, { at, commit: 'abc1234' });
    const text = fs.readFileSync(file, 'utf8');
    expect(await prettier.check(text, { ...(await prettier.resolveConfig(file)), filepath: file })).toBe(true);
    expect(text).toMatch(/\| orders: default \| 25 % +\| 1\.00 \(0\.80 \+ 0\.20\) +\| 3\.20 +\| 41\.0 +\| 1000 +\|/);
    expect(text.indexOf('### 2026-11-28 13:05 UTC')).toBeLessThan(text.indexOf('### older run'));
    fs.rmSync(path.dirname(file), { recursive: true });
  });
});

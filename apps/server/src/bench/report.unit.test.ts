import { describe, expect, it } from 'vitest';
import type { LoadResult } from './load';
import { checkTargets, markdown, type EngineReport, type ScenarioResult } from './report';

const run = (concurrency: number, over: Partial<LoadResult> = {}): LoadResult => ({
  concurrency,
  requests: 1000,
  errors: 0,
  rps: 500,
  p50: 5,
  p95: 9,
  p99: 12,
  max: 20,
  bytes: 100,
  ...over,
});
const none = (concurrency: number) => run(concurrency, { requests: 0, rps: 0, p50: 0, p95: 0, p99: 0, max: 0 });
const result = (name: string, kind: ScenarioResult['scenario']['kind'], runs: LoadResult[]): ScenarioResult => ({
  scenario: { name, kind, path: '/x' },
  runs,
});
const report = (results: ScenarioResult[]): EngineReport => ({ engine: 'postgres', dataSet: 'test', results, extra: {} });

describe('the bench report', () => {
  it('counts a list run without one answer as a miss, not as a p95 of 0', () => {
    const failures = checkTargets(report([result('orders: default', 'list', [run(1), none(32)])]), { listP95: 50 });
    expect(failures).toEqual(['orders: default: no answer within the run at concurrency 32']);
  });

  it("shows a report's run without an answer as such, and holds only its first run to a target", () => {
    const r = report([result('report: top', 'report', [run(1), none(32)]), result('report: other', 'report', [none(1)])]);
    expect(checkTargets(r, { listP95: 50 })).toEqual(['report: other: no answer within the run at concurrency 1']);
    const table = markdown([r], { postgres: { listP95: 50 } });
    expect(table).toContain('| report: top |  | 5.00 | 9.00 | 12.0 | 500 | — | — | — | no answer in the run |  |');
  });

  it("shows each route's CPU per request at the highest concurrency, server plus database", () => {
    const r = report([result('orders: default', 'list', [run(1), run(32, { cpu: { serverMs: 0.8, databaseMs: 0.25 } })])]);
    expect(markdown([r], { postgres: { listP95: 50 } })).toContain('| 5.00 | 9.00 | 12.0 | 500 | 1.05 (0.80 + 0.25) |');
  });
});

import { describe, expect, it } from 'vitest';
import { loadRun as run } from './bench-test-kit';
import type { LoadResult } from './load';
import { checkTargets, describeTargets, markdown, TARGETS, type EngineReport, type ScenarioResult } from './report';
import type { Scenario } from './scenarios';

const none = (concurrency: number) => run(concurrency, { requests: 0, rps: 0, p50: 0, p95: 0, p99: 0, max: 0 });
const result = (name: string, kind: Scenario['kind'], runs: LoadResult[], role?: Scenario['role']): ScenarioResult => ({
  scenario: { name, kind, role, path: '/x' },
  runs,
});
const report = (results: ScenarioResult[], extra: EngineReport['extra'] = {}): EngineReport => ({
  engine: 'postgres',
  dataSet: 'test',
  results,
  extra,
});
const ceiling = (rps: number) => result('ceiling', 'ceiling', [run(1, { rps: rps / 4 }), run(32, { rps })]);
const cpu = (serverMs: number, databaseMs: number) => ({ cpu: { serverMs, databaseMs } });

const ISSUE_40 = TARGETS.postgres;

describe('the bench report', () => {
  it('counts a list run without one answer as a miss, not as a p95 of 0', () => {
    const failures = checkTargets(report([result('orders: default', 'list', [run(1), none(32)])]), {});
    expect(failures).toEqual(['orders: default: no answer within the run at concurrency 32']);
  });

  it("shows a report's run without an answer as such, and holds only its first run to a target", () => {
    const r = report([result('report: top', 'report', [run(1), none(32)]), result('report: other', 'report', [none(1)])]);
    expect(checkTargets(r, {})).toEqual(['report: other: no answer within the run at concurrency 1']);
    const table = markdown([r], { postgres: {} });
    expect(table).toContain('| report: top |  | 5.00 | 9.00 | 12.0 | 500 | — | — | — | no answer in the run |  |  |');
  });

  it("shows each route's share of the ceiling and CPU per request at the highest concurrency, server plus database", () => {
    const r = report([ceiling(2000), result('orders: default', 'list', [run(1), run(32, cpu(0.8, 0.25))])]);
    expect(markdown([r], { postgres: {} })).toContain('| 5.00 | 9.00 | 12.0 | 500 | 25 % | 1.05 (0.80 + 0.25) |');
  });

  it("holds the order list and partner info to 30 % of the ceiling's req/s, every other list, search and card to 15 %", () => {
    const r = report([
      ceiling(10_000),
      result('orders: default', 'list', [run(1), run(32, { rps: 2900, ...cpu(1, 0.5) })], 'order list'),
      result('partner info', 'card', [run(1), run(32, { rps: 3000, ...cpu(0.5, 0.2) })], 'partner info'),
      result('clients: default', 'list', [run(1), run(32, { rps: 1500, ...cpu(1, 0.5) })]),
      result('clients: search «Иван»', 'search', [run(1), run(32, { rps: 1450, ...cpu(2, 1) })]),
      result('order card', 'card', [run(1), run(32, { rps: 1400, ...cpu(1, 1) })], 'order card'),
      result('pricing: section tree', 'card', [run(1), run(32, { rps: 1600 })]),
    ]);
    expect(checkTargets(r, ISSUE_40)).toEqual([
      "orders: default: 29 % of the ceiling's req/s < 30 % at concurrency 32",
      "clients: search «Иван»: 14.5 % of the ceiling's req/s < 15 % at concurrency 32",
      "order card: 14 % of the ceiling's req/s < 15 % at concurrency 32",
    ]);
  });

  it('holds CPU per request to 2 ms for lists, 4 for text searches, 2.5 for the order card and 1 for partner info', () => {
    const r = report([
      result('orders: default', 'list', [run(1), run(32, cpu(1.5, 0.5))], 'order list'),
      result('clients: default', 'list', [run(1), run(32, cpu(1.5, 0.6))]),
      result('orders: search number', 'search', [run(1), run(32, cpu(2, 2))]),
      result('shop: catalogue search by name', 'search', [run(1), run(32, cpu(3, 1.5))]),
      result('order card', 'card', [run(1), run(32, cpu(2, 0.6))], 'order card'),
      result('partner info', 'card', [run(1), run(32, cpu(0.8, 0.3))], 'partner info'),
      // A card without a CPU target, a list whose runs answered too few to count their CPU, and one counted at 1 only.
      result('pricing: section tree', 'card', [run(1), run(32, cpu(5, 5))]),
      result('groups: default', 'list', [run(1), run(32)]),
      result("groups: a group's clients", 'list', [run(1, cpu(2, 0.5)), run(32)]),
    ]);
    expect(checkTargets(r, ISSUE_40)).toEqual([
      'clients: default: CPU 2.10 ms a request > 2 ms at concurrency 32',
      'shop: catalogue search by name: CPU 4.50 ms a request > 4 ms at concurrency 32',
      'order card: CPU 2.60 ms a request > 2.5 ms at concurrency 32',
      'partner info: CPU 1.10 ms a request > 1 ms at concurrency 32',
      'groups: default: no CPU per request (too few answers)',
      "groups: a group's clients: CPU 2.50 ms a request > 2 ms at concurrency 1",
    ]);
  });

  it('holds every list, search and partner info to a p95 at concurrency 1, not the order card nor the p95 at 32', () => {
    const r = report([
      result('orders: default', 'list', [run(1, { p95: 20 }), run(32, { p95: 300, ...cpu(1, 0.5) })], 'order list'),
      result('clients: search «Ромашка»', 'search', [run(1, { p95: 150 }), run(32, cpu(2, 1))]),
      result('partner info', 'card', [run(1, { p95: 21 }), run(32, cpu(0.5, 0.2))], 'partner info'),
      result('order card', 'card', [run(1, { p95: 40 }), run(32, cpu(1, 1))], 'order card'),
    ]);
    expect(checkTargets(r, ISSUE_40)).toEqual([
      'clients: search «Ромашка»: p95 150.0 ms > 20 ms at concurrency 1',
      'partner info: p95 21.0 ms > 20 ms at concurrency 1',
    ]);
  });

  it('holds PGlite (demo ×20) to a p95 of 30 ms at concurrency 1 for every list and search, and to nothing per request', () => {
    const r: EngineReport = {
      ...report([
        result('orders: default', 'list', [run(1, { p95: 29 }), run(32, { rps: 1, ...cpu(9, 0) })], 'order list'),
        result('orders: search client name', 'search', [run(1, { p95: 31 }), run(32)]),
      ]),
      engine: 'pglite',
    };
    expect(checkTargets(r, TARGETS.pglite)).toEqual(['orders: search client name: p95 31.0 ms > 30 ms at concurrency 1']);
  });

  it('holds the price file to 10 s end to end and 3.5× its raw parse, and counts errors as misses', () => {
    const r = report([result('offers: list', 'list', [run(1, { errors: 3 }), run(32, cpu(1, 0.5))])], {
      'import rows': 100_000,
      'import total s': 10.5,
      'import total / raw parse': 3.6,
    });
    expect(checkTargets(r, ISSUE_40)).toEqual([
      'offers: list: 3 errors at concurrency 1',
      'price file import: 10.5 s > 10 s for 100000 rows',
      'price file import: 3.6× the raw parse > 3.5×',
    ]);
  });

  it("prints PostgreSQL's targets grouped by value, the strictest first", () => {
    expect(describeTargets(ISSUE_40)).toEqual([
      "req/s at the highest concurrency, as a share of the ceiling's: the order list, partner info ≥ 30 %; the order card, other lists, text searches, other cards ≥ 15 %",
      'CPU per request (server + database): partner info ≤ 1 ms; the order list, other lists ≤ 2 ms; the order card ≤ 2.5 ms; text searches ≤ 4 ms',
      'p95 at concurrency 1: the order list, partner info, other lists, text searches ≤ 20 ms',
      'the price file: ≤ 10 s end to end',
      'the price file: ≤ 3.5× its raw parse',
      'each report: p95 ≤ 500 ms at concurrency 1',
      'the 50-line checkout: ≤ 100 ms',
      "the shop's first page JS: ≤ 200 KB",
      'the 1C exchange: 100,000 offers read and applied ≤ 15 s',
      'the 1C exchange: the sale query of 1,000 orders ≤ 2 s',
    ]);
  });

  it('names a 1C exchange past its targets', () => {
    const report: EngineReport = {
      engine: 'postgres',
      dataSet: '',
      results: [],
      extra: {
        'exchange 1C offers': 100000,
        'exchange 1C offers read + applied s': 16.2,
        'exchange 1C sale query orders': 1000,
        'exchange 1C sale query s': 0.8,
      },
    };
    expect(checkTargets(report, TARGETS.postgres)).toEqual(['1C exchange: 100000 offers in 16.2 s > 15 s']);
  });
});

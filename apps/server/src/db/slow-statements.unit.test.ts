import { describe, expect, it } from 'vitest';
import { slowStatements, type SlowStatementSink } from './slow-statements';

describe('slow statements', () => {
  it('tells a statement at or over the threshold, collapsed and cut, once a sink is attached', () => {
    const told: Parameters<SlowStatementSink>[0][] = [];
    const slow = slowStatements(100);
    slow.onQuery!(250, 'select 1'); // before the logger: not told
    slow.attach((e) => told.push(e));
    slow.onQuery!(99.9, 'select 2');
    slow.onQuery!(100, 'select\n   3');
    slow.onQuery!(1234.6, `select ${'x'.repeat(2000)}`);
    expect(told).toEqual([
      { ms: 100, statement: 'select 3' },
      { ms: 1235, statement: `select ${'x'.repeat(993)}` },
    ]);
  });

  it('tells nothing at 0', () => {
    expect(slowStatements(0).onQuery).toBeUndefined();
  });
});

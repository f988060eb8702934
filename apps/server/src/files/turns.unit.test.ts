import { describe, expect, it } from 'vitest';
import { turns } from './turns';

describe('turns', () => {
  it('gives at most `running` turns, queues `waiting` in order, refuses the rest, and hands each turn on', async () => {
    const gate = turns(1, 2);
    const first = await gate.take();
    expect(first).toBeTypeOf('function');
    const order: string[] = [];
    const second = gate.take().then((release) => (order.push('second'), release));
    const third = gate.take().then((release) => (order.push('third'), release));
    expect(await gate.take()).toBeUndefined();
    await new Promise((r) => setImmediate(r));
    expect(order).toEqual([]);
    first!();
    first!(); // a second release gives nothing more
    const releaseSecond = await second;
    await new Promise((r) => setImmediate(r));
    expect(order).toEqual(['second']);
    releaseSecond!();
    (await third)!();
    expect(order).toEqual(['second', 'third']);
    // Free again: the next turn is immediate, and only one.
    const again = await gate.take();
    expect(again).toBeTypeOf('function');
    const waiting = gate.take();
    again!();
    expect(await waiting).toBeTypeOf('function');
  });
});

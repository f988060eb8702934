import { describe, expect, it } from 'vitest';
import { readAhead } from './read-ahead';

describe('readAhead', () => {
  it('asks for the next item before the consumer is done with this one, and closes the source when it stops', async () => {
    const log: string[] = [];
    let closed = false;
    async function* source() {
      try {
        for (let i = 1; i <= 3; i++) {
          log.push(`read ${i}`);
          yield i;
        }
      } finally {
        closed = true;
      }
    }
    for await (const n of readAhead(source())) {
      log.push(`use ${n}`);
      if (n === 2) break;
    }
    expect(log).toEqual(['read 1', 'read 2', 'use 1', 'read 3', 'use 2']);
    expect(closed).toBe(true);
  });

  it("passes the source's failure to the consumer", async () => {
    async function* failing() {
      yield 1;
      throw new Error('corrupt');
    }
    const seen: number[] = [];
    await expect(
      (async () => {
        for await (const n of readAhead(failing())) {
          seen.push(n);
          await new Promise((r) => setTimeout(r, 10));
        }
      })(),
    ).rejects.toThrow('corrupt');
    expect(seen).toEqual([1]);
  });
});

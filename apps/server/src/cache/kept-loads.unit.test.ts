import { describe, expect, it, vi } from 'vitest';
import { keptLoads } from './kept-loads';

describe('kept loads', () => {
  it('loads a key once while it is kept, and shares a load in progress', async () => {
    const kept = keptLoads<number>(10);
    const read = vi.fn(async () => 42);
    expect(await Promise.all([kept('a', read), kept('a', read), kept('a', read)])).toEqual([42, 42, 42]);
    expect(await kept('a', read)).toBe(42);
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('lets the key read longest ago go first when full', async () => {
    const kept = keptLoads<string>(2);
    const read = vi.fn(async () => 'x');
    await kept('a', read);
    await kept('b', read);
    await kept('a', read); // a is read again: b is now the oldest
    await kept('c', read);
    expect(read).toHaveBeenCalledTimes(3);
    await kept('a', read);
    expect(read).toHaveBeenCalledTimes(3);
    await kept('b', read);
    expect(read).toHaveBeenCalledTimes(4);
  });

  it('does not keep a load that failed', async () => {
    const kept = keptLoads<number>(10);
    await expect(kept('a', async () => Promise.reject(new Error('connection lost')))).rejects.toThrow('connection lost');
    expect(await kept('a', async () => 7)).toBe(7);
  });
});

import { describe, expect, it } from 'vitest';
import { createSingleFlight } from './single-flight';

describe('createSingleFlight', () => {
  it('drops a call made while one runs, then accepts the next', async () => {
    const run = createSingleFlight();
    let calls = 0;
    let release!: () => void;
    const task = () =>
      new Promise<number>((resolve) => {
        calls += 1;
        release = () => resolve(calls);
      });
    const first = run(task);
    const second = run(task);
    expect(await second).toBeUndefined();
    release();
    expect(await first).toBe(1);
    const third = run(task);
    release();
    expect(await third).toBe(2);
  });

  it('frees itself after a failure', async () => {
    const run = createSingleFlight();
    await expect(run(() => Promise.reject(new Error('x')))).rejects.toThrow('x');
    expect(await run(async () => 'ok')).toBe('ok');
  });
});

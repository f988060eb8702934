import { describe, expect, it } from 'vitest';
import { cpuMeter, cpuTicks } from './cpu-meter';
import { procStat } from './proc-stat';

/** Spends `ms` of this process's CPU time (not of the clock: on a busy machine the loop is descheduled meanwhile). */
const busy = (ms: number) => {
  const cpuMs = () => {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1000;
  };
  const until = cpuMs() + ms;
  let x = 0;
  while (cpuMs() < until) for (let i = 0; i < 10_000; i++) x += Math.sqrt(x + 1);
  return x;
};

describe.runIf(process.platform === 'linux')('the bench CPU meter', () => {
  it("reads a process's CPU time from /proc, and nothing for a process that is not there or not the command named", () => {
    const before = cpuTicks(process.pid)!;
    busy(300);
    expect(cpuTicks(process.pid)! - before).toBeGreaterThanOrEqual(10);
    expect(cpuTicks(2 ** 22 + 12345)).toBeUndefined();
    expect(cpuTicks(process.pid, /^postgres/)).toBeUndefined();
  });

  it("reads a process's parent from /proc, and nothing of a process that is not there", () => {
    expect(procStat(process.pid)?.field(4)).toBe(process.ppid);
    expect(procStat(2 ** 22 + 12345)).toBeUndefined();
  });

  it('divides the CPU spent between two snapshots by the requests answered', async () => {
    const meter = (await cpuMeter(() => [process.pid]))!;
    const before = await meter.snapshot();
    busy(400);
    const after = await meter.snapshot();
    const cost = meter.perRequest(before, after, 100, 1)!;
    // 400 ms of CPU over 100 requests: about 4 ms each.
    expect(cost.serverMs).toBeGreaterThan(2);
    expect(cost.serverMs).toBeLessThan(6);
    expect(cost.databaseMs).toBeUndefined();
    expect(meter.perRequest(before, after, 0, 1)).toBeUndefined();
    // 100 answered while 32 were at work at a time: the 32 served after the count would be a third of the cost.
    expect(meter.perRequest(before, after, 100, 32)).toBeUndefined();
    expect(meter.perRequest(before, after, 640, 32)).toBeDefined();
    await meter.close();
  });
});

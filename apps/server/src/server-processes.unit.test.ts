import { spawn, type ChildProcess } from 'node:child_process';
import { EventEmitter } from 'node:events';
import os from 'node:os';
import { describe, expect, it } from 'vitest';
import {
  LISTENING_MESSAGE,
  restartBackoff,
  restartDelay,
  RESTART_FIRST_MS,
  RESTART_MAX_MS,
  serverProcesses,
  STABLE_AFTER_MS,
  supervise,
} from './server-processes';

const PG = 'postgres://postgres@127.0.0.1:5432/b2b';

describe('serverProcesses', () => {
  it('serves the embedded database from one process, and refuses more with a clear message', () => {
    expect(serverProcesses({ SERVER_PROCESSES: 'auto', DATABASE_URL: undefined })).toBe(1);
    expect(serverProcesses({ SERVER_PROCESSES: 1, DATABASE_URL: undefined })).toBe(1);
    expect(() => serverProcesses({ SERVER_PROCESSES: 2, DATABASE_URL: undefined })).toThrow(/SERVER_PROCESSES=2 needs PostgreSQL/);
  });

  it('takes one process per core on PostgreSQL (at most 8), or the number asked', () => {
    expect(serverProcesses({ SERVER_PROCESSES: 'auto', DATABASE_URL: PG })).toBe(Math.min(8, os.availableParallelism()));
    expect(serverProcesses({ SERVER_PROCESSES: 3, DATABASE_URL: PG })).toBe(3);
  });
});

describe('the restart schedule of a server process that dies', () => {
  it('waits 0.5 s, then doubles the wait at each death in a row, up to 30 s', () => {
    const backoff = restartBackoff();
    const waits = Array.from({ length: 10 }, () => backoff.next(1000));
    expect(waits).toEqual([500, 1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000, 30_000]);
    expect(restartDelay(1000)).toBe(RESTART_MAX_MS);
  });

  it('starts afresh after a process served a stable minute, not after a shorter run', () => {
    const backoff = restartBackoff();
    backoff.next(0);
    backoff.next(0);
    expect(backoff.next(STABLE_AFTER_MS - 1)).toBe(2000);
    expect(backoff.next(STABLE_AFTER_MS)).toBe(RESTART_FIRST_MS);
    expect(backoff.next(5000)).toBe(1000);
  });
});

/** A stand-in server process: says it listens, then crashes, ends cleanly, or serves until SIGTERM. */
const CHILD = `
const mode = process.env.MODE;
if (mode === 'crash') setTimeout(() => process.exit(3), 20);
else if (mode === 'clean') setTimeout(() => process.exit(0), 20);
else { process.on('SIGTERM', () => process.exit(0)); setInterval(() => {}, 1000); }
process.send('${LISTENING_MESSAGE}');
`;

function supervised(mode: 'crash' | 'clean' | 'serve', count = 1) {
  const lines: string[] = [];
  const children: ChildProcess[] = [];
  const signals = new EventEmitter();
  let onExit: (code: number) => void = () => {};
  const exited = new Promise<number>((resolve) => (onExit = resolve));
  const listening = supervise({
    count,
    start: () => {
      const child = spawn(process.execPath, ['-e', CHILD], { env: { ...process.env, MODE: mode }, stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
      children.push(child);
      return child;
    },
    log: (line) => lines.push(line),
    signals: signals as unknown as Pick<NodeJS.Process, 'on'>,
    exit: onExit,
  });
  return { lines, children, signals, exited, listening };
}

const until = async (done: () => boolean, ms = 10_000) => {
  for (const end = Date.now() + ms; !done();) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('the supervising parent of the server processes', () => {
  it('starts again a process that dies, waiting longer each time, with a log line each time; a stop cancels the next start', async () => {
    const s = supervised('crash');
    await until(() => s.lines.length >= 2);
    expect(s.lines[0]).toMatch(/^server process \d+ ended \(code 3\) after [\d.]+ s: starting it again in 0.5 s$/);
    expect(s.lines[1]).toMatch(/starting it again in 1 s$/);
    // Waiting the 2 s before the third start: a stop ends the parent at once, nothing started again.
    s.signals.emit('SIGTERM', 'SIGTERM');
    expect(await s.exited).toBe(0);
    const started = s.children.length;
    await new Promise((r) => setTimeout(r, 2500));
    expect(s.children.length).toBe(started);
  });

  it('does not start again a process that stopped cleanly, and ends with it', async () => {
    const s = supervised('clean');
    expect(await s.exited).toBe(0);
    expect(s.children).toHaveLength(1);
    expect(s.lines).toEqual([expect.stringMatching(/^server process \d+ stopped: not started again$/)]);
  });

  it('forwards SIGTERM to every process and ends once they have ended on it', async () => {
    const s = supervised('serve', 2);
    await s.listening;
    s.signals.emit('SIGTERM', 'SIGTERM');
    expect(await s.exited).toBe(0);
    expect(s.children.map((c) => c.exitCode)).toEqual([0, 0]);
    expect(s.lines).toEqual([]);
  });
});

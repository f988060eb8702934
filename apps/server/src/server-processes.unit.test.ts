import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { serverProcesses } from './server-processes';

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

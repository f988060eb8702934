import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { identityOf, liveLockOwner, lockDataDir } from './data-dir-lock';

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'b2b-lock-'));
const lockFile = (dir: string) => path.join(dir, 'server.lock');

describe('lockDataDir', () => {
  it('refuses a data directory that a live process holds, with a clear message', () => {
    const dir = tmp();
    fs.writeFileSync(lockFile(dir), JSON.stringify(identityOf(process.ppid)));
    expect(() => lockDataDir(dir)).toThrow(/in use by another process \(pid \d+\)/);
  });

  it('takes over a lock left by a process that died, and releases it', () => {
    const dir = tmp();
    fs.writeFileSync(lockFile(dir), '999999');
    const release = lockDataDir(dir);
    expect(JSON.parse(fs.readFileSync(lockFile(dir), 'utf8')).pid).toBe(process.pid);
    release();
    expect(fs.existsSync(lockFile(dir))).toBe(false);
  });

  it.runIf(fs.existsSync('/proc/self/stat'))('takes over a stale lock whose pid now belongs to an unrelated process', () => {
    const dir = tmp();
    // The pid runs (our parent), but it is not the process that wrote the lock: it started at another time.
    fs.writeFileSync(lockFile(dir), JSON.stringify({ ...identityOf(process.ppid), start: '1' }));
    const release = lockDataDir(dir);
    expect(JSON.parse(fs.readFileSync(lockFile(dir), 'utf8')).pid).toBe(process.pid);
    release();
  });

  it.runIf(fs.existsSync('/proc/self/stat'))('takes over an old pid-only lock held by a process that is not Node', () => {
    const dir = tmp();
    const child = spawn('sleep', ['5']);
    try {
      fs.writeFileSync(lockFile(dir), String(child.pid));
      const release = lockDataDir(dir);
      expect(JSON.parse(fs.readFileSync(lockFile(dir), 'utf8')).pid).toBe(process.pid);
      release();
    } finally {
      child.kill();
    }
  });
});

describe('liveLockOwner (what the supervising parent waits on)', () => {
  it('sees no holder without a lock or with the lock of a dead process (one killed leaves its file), and sees a live one', () => {
    const dir = tmp();
    expect(liveLockOwner(dir)).toBeNull();
    fs.writeFileSync(lockFile(dir), JSON.stringify(identityOf(999999)));
    expect(liveLockOwner(dir)).toBeNull();
    const release = lockDataDir(dir);
    expect(liveLockOwner(dir)).toMatchObject({ pid: process.pid, message: expect.stringMatching(/in use by another process/) });
    release();
    expect(liveLockOwner(dir)).toBeNull();
  });
});

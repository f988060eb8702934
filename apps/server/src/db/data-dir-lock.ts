import fs from 'node:fs';
import path from 'node:path';

/**
 * One process per embedded database: a lock file naming its owner by pid and, where the system tells it
 * (Linux /proc), the owner's start time and the boot it started in. A pid alone is not an identity: after a
 * crash and a reboot (or in a container) the same number may belong to an unrelated process, so a lock is live
 * only when that pid runs *and* is the same process that wrote it. A stale lock is taken over; a live one
 * refuses the start with a clear message.
 */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = lockFileOf(dataDir);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, JSON.stringify(identityOf(process.pid)), { flag: 'wx' });
      return () => fs.rmSync(file, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = readOwner(file);
      if (owner && owner.pid !== process.pid && isSameProcessAlive(owner)) throw new Error(inUseMessage(dataDir, owner.pid));
      fs.rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not lock ${dataDir}`);
}

const lockFileOf = (dataDir: string) => path.join(dataDir, 'server.lock');

const inUseMessage = (dataDir: string, pid: number) =>
  `The database in ${dataDir} is in use by another process (pid ${pid}). Stop it first, or point DATA_DIR elsewhere.`;

/**
 * The live process holding the data directory's lock, or null when it is free (no lock, or a stale one: its owner
 * died, even by SIGKILL, which leaves the file behind). The supervising parent asks before it starts the server.
 */
export function liveLockOwner(dataDir: string): { pid: number; message: string } | null {
  let owner: LockOwner | null;
  try {
    owner = readOwner(lockFileOf(dataDir));
  } catch {
    return null;
  }
  return owner && isSameProcessAlive(owner) ? { pid: owner.pid, message: inUseMessage(dataDir, owner.pid) } : null;
}

export interface LockOwner {
  pid: number;
  /** Clock ticks after boot when the process started (/proc/<pid>/stat field 22); null where unknown. */
  start: string | null;
  boot: string | null;
}

export function identityOf(pid: number): LockOwner {
  return { pid, start: processStart(pid), boot: bootId() };
}

/** The owner a lock file names; an older lock holds just the pid. Null when unreadable. */
function readOwner(file: string): LockOwner | null {
  const text = fs.readFileSync(file, 'utf8').trim();
  if (/^\d+$/.test(text)) return { pid: Number(text), start: null, boot: null };
  try {
    const parsed = JSON.parse(text) as Partial<LockOwner>;
    return typeof parsed.pid === 'number' ? { pid: parsed.pid, start: parsed.start ?? null, boot: parsed.boot ?? null } : null;
  } catch {
    return null;
  }
}

function isSameProcessAlive(owner: LockOwner): boolean {
  if (!isAlive(owner.pid)) return false;
  const now = identityOf(owner.pid);
  if (owner.boot && now.boot && owner.boot !== now.boot) return false;
  if (owner.start && now.start) return owner.start === now.start;
  // An old pid-only lock: only a Node process can be our server.
  const cmd = commandLine(owner.pid);
  return cmd === null || /node/i.test(cmd);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readProc(file: string): string | null {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

function processStart(pid: number): string | null {
  const stat = readProc(`/proc/${pid}/stat`);
  if (!stat) return null;
  // The command name (field 2) may hold spaces and parentheses: count fields after its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields[19] ?? null;
}

const bootId = () => readProc('/proc/sys/kernel/random/boot_id')?.trim() || null;
const commandLine = (pid: number) => readProc(`/proc/${pid}/cmdline`)?.replace(/\0/g, ' ') ?? null;

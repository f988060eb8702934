import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { MSG } from '@b2b/contracts/messages';
import { AppError } from '@/http/app-error';

/** One stored object as a listing gives it. */
export interface BlobEntry {
  key: string;
  size: number;
  modifiedAt: Date;
}

/**
 * Where the product keeps its files (issue 42): the local folder (DATA_DIR, one host) or an S3-compatible bucket
 * (any number of hosts). Keys are the product's own (`files/<partner>/<month>/<uuid>.xlsx`, `exchange-1c/…`), `/`
 * between folders; a key never comes from a user unchecked. Every write is all or nothing: a reader sees the whole
 * object or none, and a failed write leaves nothing behind.
 */
export interface BlobStore {
  readonly kind: 'local' | 's3';
  /** Stores a stream or bytes under `key`, replacing what was there. */
  put(key: string, body: Readable | Buffer, contentType?: string): Promise<void>;
  /** Stores a local file under `key`; the file is taken (moved or deleted) whether or not the store succeeds. */
  putFile(key: string, file: string, contentType?: string): Promise<void>;
  /** The object's bytes, from `start` when given; undefined when there is no such object. */
  get(key: string, start?: number): Promise<{ size: number; body: Readable } | undefined>;
  /** The object's size; undefined when there is none. */
  size(key: string): Promise<number | undefined>;
  /** Removes the object; a missing one is no error. */
  delete(key: string): Promise<void>;
  /** Removes every object whose key starts with `prefix` (a folder: end it with `/`). */
  deletePrefix(prefix: string): Promise<void>;
  /** The objects whose key starts with `prefix`, in no promised order. */
  list(prefix: string): AsyncIterable<BlobEntry>;
  /** Whether the store answers (GET /health); never throws. */
  answers(): Promise<boolean>;
  /** Where an operator finds it, for the log and /health (never a secret). */
  readonly where: string;
}

/** A key no store takes: the caller's bug (a 500), never the store's failure (not a StoreUnavailable). */
export class BadStoreKey extends Error {
  constructor(key: string) {
    super(`not a store key: ${JSON.stringify(key)}`);
    this.name = 'BadStoreKey';
  }
}

/** A key as the stores take it: relative, `/` between non-empty segments, no `.` or `..`, no backslash or NUL. */
export function checkedKey(key: string): string {
  // eslint-disable-next-line no-control-regex
  if (!key || key.startsWith('/') || /[\\\u0000-\u001f]/.test(key) || key.split('/').some((s) => s === '' || s === '.' || s === '..')) {
    throw new BadStoreKey(key);
  }
  return key;
}

/** Reads a stream to its end into memory: for objects known to be small (a logo, a zip within its cap). */
export async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * The local folder: objects are files under `root` (DATA_DIR), written aside and renamed into place. Scratch files
 * (a job's work in progress, a received upload) live in `root/tmp`, on the same file system, so putFile is a rename.
 */
export function localBlobStore(root: string): BlobStore {
  const fileOf = (key: string) => path.join(root, checkedKey(key));
  const aside = (file: string) => `${file}.${randomUUID()}.part`;

  async function place(file: string, write: (target: string) => Promise<void>) {
    await fs.mkdir(path.dirname(file), { recursive: true });
    const temp = aside(file);
    try {
      await write(temp);
      await fs.rename(temp, file);
    } catch (err) {
      await fs.rm(temp, { force: true });
      throw err;
    }
  }

  async function* walk(dir: string): AsyncGenerator<string> {
    const entries = await fs.readdir(dir, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) yield* walk(full);
      else if (entry.isFile() && !entry.name.endsWith('.part')) yield full;
    }
  }

  return {
    kind: 'local',
    where: root,
    put: (key, body) => place(fileOf(key), (temp) => (Buffer.isBuffer(body) ? fs.writeFile(temp, body) : pipeline(body, createWriteStream(temp)))),

    async putFile(key, file) {
      try {
        // The key checked inside: a refused key takes the file too, as the contract says.
        const target = fileOf(key);
        await fs.mkdir(path.dirname(target), { recursive: true });
        await fs.rename(file, target).catch(async (err: NodeJS.ErrnoException) => {
          // Another file system (a DATA_DIR mounted apart from its tmp): copied aside, then renamed into place.
          if (err.code !== 'EXDEV') throw err;
          await place(target, (temp) => fs.copyFile(file, temp));
        });
      } finally {
        await fs.rm(file, { force: true });
      }
    },

    async get(key, start = 0) {
      const file = fileOf(key);
      const stat = await fs.stat(file).catch(() => undefined);
      if (!stat?.isFile()) return undefined;
      return { size: Math.max(0, stat.size - start), body: createReadStream(file, { start }) };
    },

    async size(key) {
      const stat = await fs.stat(fileOf(key)).catch(() => undefined);
      return stat?.isFile() ? stat.size : undefined;
    },

    delete: (key) => fs.rm(fileOf(key), { force: true }),

    async deletePrefix(prefix) {
      const base = fileOf(prefix.replace(/\/$/, ''));
      if (prefix.endsWith('/')) return fs.rm(base, { recursive: true, force: true });
      for await (const entry of this.list(prefix)) await this.delete(entry.key);
    },

    async *list(prefix) {
      // The folder the prefix is in: a prefix may end inside a name (`exchange-1c/7/12/` or `files/7/2026-`).
      const dir = prefix.endsWith('/') ? fileOf(prefix.slice(0, -1)) : path.dirname(fileOf(prefix));
      for await (const file of walk(dir)) {
        const key = path.relative(root, file).split(path.sep).join('/');
        if (!key.startsWith(prefix)) continue;
        const stat = await fs.stat(file).catch(() => undefined);
        if (stat) yield { key, size: stat.size, modifiedAt: stat.mtime };
      }
    },

    async answers() {
      try {
        await fs.mkdir(root, { recursive: true });
        await fs.access(root, fs.constants.W_OK);
        return true;
      } catch {
        return false;
      }
    },
  };
}

/** Scratch files older than this are a crashed process's leftovers (no job or request works on one for a day). */
const SCRATCH_GRACE_MS = 24 * 3600_000;
const scratchDir = (dataDir: string) => path.join(dataDir, 'tmp');

/**
 * A new scratch file's path under DATA_DIR/tmp: a job's output before it is stored, a package being unpacked. Each
 * host its own, never shared; the caller removes it, purgeScratch what a crash left.
 */
export async function scratchFile(dataDir: string, ext = ''): Promise<string> {
  await fs.mkdir(scratchDir(dataDir), { recursive: true });
  return path.join(scratchDir(dataDir), `${randomUUID()}${ext}`);
}

/** Removes this host's scratch files and folders older than a day. */
export async function purgeScratch(dataDir: string, now: Date): Promise<void> {
  const entries = await fs.readdir(scratchDir(dataDir), { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    const full = path.join(scratchDir(dataDir), entry.name);
    const stat = await fs.stat(full).catch(() => undefined);
    if (stat && now.getTime() - stat.mtimeMs >= SCRATCH_GRACE_MS) await fs.rm(full, { recursive: true, force: true });
  }
}

/** The store did not answer or refused: the caller's work is undone and the user told so in Russian (503). */
export class StoreUnavailable extends AppError {
  constructor(readonly reason: unknown) {
    super('store_unavailable', 503, MSG.fileStoreUnavailable, { 'retry-after': '30' });
  }
}

const unavailable = (err: unknown) => (err instanceof AppError || err instanceof BadStoreKey ? err : new StoreUnavailable(err));

/** The store with each failure of its own (a refused connection, a timeout, a full disk) as StoreUnavailable. */
export function failingAsUnavailable(store: BlobStore): BlobStore {
  // Async: a store method that throws before its first await (a refused key) rejects too, never throws in the caller.
  const guard =
    <A extends unknown[], R>(f: (...args: A) => Promise<R>) =>
    async (...args: A) => {
      try {
        return await f.apply(store, args);
      } catch (err) {
        throw unavailable(err);
      }
    };
  return {
    kind: store.kind,
    where: store.where,
    put: guard(store.put),
    putFile: guard(store.putFile),
    get: guard(store.get),
    size: guard(store.size),
    delete: guard(store.delete),
    deletePrefix: guard(store.deletePrefix),
    async *list(prefix) {
      try {
        yield* store.list(prefix);
      } catch (err) {
        throw unavailable(err);
      }
    },
    answers: () => store.answers(),
  };
}

import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { EXCHANGE_1C_LIMITS, EXCHANGE_1C_MSG } from '@b2b/contracts/exchange-1c';
import { SheetFailure } from '@/files/sheet-types';
import { declaredSize, entryChunks, measureEntries, zipEntries, type ZipEntry } from '@/files/zip-entries';

/*
 * The files of an exchange session: DATA_DIR/exchange-1c/<partnerId>/<sessionId>/<filename>, parts appended as they
 * arrive, zips unpacked into the same folder at the first import (what they unpacked is remembered beside the folder,
 * in <sessionId>.unpacked.json, so that no name of 1C's can collide with it).
 */

/** A refusal 1C is told as a `failure` line: its message is Russian and shown to the 1C administrator as it is. */
export class ExchangeRefusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ExchangeRefusal';
  }
}

const MAX_NAME_CHARS = 255;
/** A zip is read into memory to be unpacked: at most this big. */
export const MAX_ZIP_BYTES = EXCHANGE_1C_LIMITS.filePartBytes * 8;

/**
 * A name 1C may give a file: relative, `/` between folders (import_files/ab/….jpg), no `..` or `.` segment, no
 * absolute path, no NUL, backslash or other control character, at most 255 characters. Undefined when refused.
 */
export function safeFileName(name: unknown): string | undefined {
  if (typeof name !== 'string' || !name || name.length > MAX_NAME_CHARS) return undefined;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\:]/.test(name) || name.startsWith('/')) return undefined;
  const segments = name.split('/');
  if (segments.some((s) => s === '' || s === '.' || s === '..')) return undefined;
  return name;
}

/** What the site does with a file: reads an XML, unpacks a zip, drops anything else (pictures are the platform's). */
export function fileKind(name: string): 'xml' | 'zip' | 'other' {
  const lower = name.toLowerCase();
  if (lower.endsWith('.xml')) return 'xml';
  if (lower.endsWith('.zip')) return 'zip';
  return 'other';
}

export const sessionDir = (dataDir: string, partnerId: number, sessionId: number) =>
  path.join(dataDir, 'exchange-1c', String(partnerId), String(sessionId));

const unpackedState = (dir: string) => `${dir}.unpacked.json`;

/** A safe name's path inside the folder (checked again: nothing outside it is ever touched). */
export function fileIn(dir: string, name: string): string {
  const full = path.resolve(dir, name);
  if (!full.startsWith(path.resolve(dir) + path.sep)) throw new ExchangeRefusal(EXCHANGE_1C_MSG.badFileName);
  return full;
}

/** `type=catalog&mode=init`: a new exchange starts from an empty folder. */
export async function emptySessionDir(dir: string): Promise<void> {
  await fs.rm(dir, { recursive: true, force: true });
  await fs.rm(unpackedState(dir), { force: true });
}

export async function fileSize(file: string): Promise<number | undefined> {
  try {
    const stat = await fs.stat(file);
    return stat.isFile() ? stat.size : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Reads a request body chunk by chunk into `write` (each written before the next is read), refusing it past
 * `maxBytes`. Past the cap the body is paused, never read on nor destroyed: the answer goes out first and the
 * connection then closes (form-body.ts's linger), so nothing more of it reaches memory.
 */
export function consumeCapped(body: Readable, maxBytes: number, write: (chunk: Buffer) => Promise<void>): Promise<number> {
  return new Promise((resolve, reject) => {
    let total = 0;
    let settled = false;
    let writing: Promise<void> = Promise.resolve();
    const stop = (err?: Error) => {
      if (settled) return;
      settled = true;
      body.off('data', onData);
      body.off('end', onEnd);
      body.off('error', onError);
      if (err) {
        body.pause();
        reject(err);
      } else resolve(total);
    };
    const onData = (chunk: Buffer) => {
      total += chunk.length;
      if (total > maxBytes) return stop(new ExchangeRefusal(EXCHANGE_1C_MSG.filePartTooLarge));
      body.pause();
      writing = write(chunk).then(
        () => {
          if (!settled) body.resume();
        },
        (err: Error) => stop(err),
      );
    };
    const onEnd = () => void writing.then(() => stop());
    const onError = (err: Error) => stop(err instanceof ExchangeRefusal ? err : new ExchangeRefusal(EXCHANGE_1C_MSG.filePartTooLarge));
    body.on('data', onData);
    body.on('end', onEnd);
    body.on('error', onError);
  });
}

/**
 * Appends one part of a file to the session's folder; a part refused midway is cut off again, so the file stays as
 * the parts before it left it. Answers the part's bytes.
 */
export async function appendPart(dir: string, name: string, body: Readable, maxBytes: number): Promise<number> {
  const file = fileIn(dir, name);
  await fs.mkdir(path.dirname(file), { recursive: true });
  const handle = await fs.open(file, 'a');
  const before = (await handle.stat()).size;
  try {
    return await consumeCapped(body, maxBytes, async (chunk) => {
      await handle.write(chunk);
    });
  } catch (err) {
    await handle.truncate(before);
    throw err;
  } finally {
    await handle.close();
  }
}

/** Cuts a file back to `size` bytes (a part the session's cap then refused). */
export async function truncateTo(dir: string, name: string, size: number): Promise<void> {
  await fs.truncate(fileIn(dir, name), size);
}

/** A file 1C sends that the site does not keep: read away (within the part's cap) and dropped. */
export const dropPart = (body: Readable, maxBytes: number) => consumeCapped(body, maxBytes, async () => {});

interface UnpackedState {
  zips: string[];
  bytes: number;
}

async function readState(dir: string): Promise<UnpackedState> {
  try {
    return JSON.parse(await fs.readFile(unpackedState(dir), 'utf8')) as UnpackedState;
  } catch {
    return { zips: [], bytes: 0 };
  }
}

const zipFailure = (err: unknown) => {
  if (err instanceof ExchangeRefusal) return err;
  if (err instanceof SheetFailure && err.reason === 'tooLarge') return new ExchangeRefusal(EXCHANGE_1C_MSG.zipTooLarge);
  return new ExchangeRefusal(EXCHANGE_1C_MSG.zipBroken);
};

/** Writes an entry aside and renames it in place, so a half-written entry is never read as a file. */
async function writeEntry(data: Buffer, entry: ZipEntry, target: string, budget: { left: number }): Promise<void> {
  await fs.mkdir(path.dirname(target), { recursive: true });
  const aside = `${target}.unpacking`;
  const handle = await fs.open(aside, 'w');
  try {
    for await (const chunk of entryChunks(data, entry, budget)) await handle.write(chunk);
  } catch (err) {
    await handle.close();
    await fs.rm(aside, { force: true });
    throw err;
  }
  await handle.close();
  await fs.rename(aside, target);
}

/**
 * Unpacks the session's zips not unpacked yet (those at the folder's top, as 1C sends them) into the folder: their
 * XML entries streamed out, anything else (pictures) skipped. A zip over MAX_ZIP_BYTES, encrypted, broken, with an
 * unsafe entry name or more entries than zipEntries, or unpacking past the session's unpackedBytes in all (counted
 * as inflated, whatever the zip declares) is refused whole: what it had written is removed.
 */
export async function unpackZips(dir: string): Promise<void> {
  let names: string[];
  try {
    names = (await fs.readdir(dir)).filter((n) => fileKind(n) === 'zip').sort();
  } catch {
    return;
  }
  const state = await readState(dir);
  for (const zipName of names) {
    if (state.zips.includes(zipName)) continue;
    const zipPath = fileIn(dir, zipName);
    const size = (await fileSize(zipPath)) ?? 0;
    if (size > MAX_ZIP_BYTES) throw new ExchangeRefusal(EXCHANGE_1C_MSG.zipTooLarge);
    const data = await fs.readFile(zipPath);
    const written: string[] = [];
    const budget = { left: EXCHANGE_1C_LIMITS.unpackedBytes - state.bytes };
    const start = budget.left;
    try {
      const entries = zipEntries(data);
      if (entries.size > EXCHANGE_1C_LIMITS.zipEntries) throw new ExchangeRefusal(EXCHANGE_1C_MSG.zipTooLarge);
      const wanted: [string, ZipEntry][] = [];
      for (const entry of entries.values()) {
        if (entry.name.endsWith('/')) continue;
        const name = safeFileName(entry.name);
        if (!name) throw new ExchangeRefusal(EXCHANGE_1C_MSG.badFileName);
        if (entry.encrypted) throw new ExchangeRefusal(EXCHANGE_1C_MSG.zipEncrypted);
        if (fileKind(name) === 'xml') wanted.push([name, entry]);
      }
      if (declaredSize(new Map(wanted)) > budget.left) throw new ExchangeRefusal(EXCHANGE_1C_MSG.zipTooLarge);
      // Inflated once to nothing first: a zip lying about its sizes is refused before a byte of it reaches the disk.
      await measureEntries(
        data,
        wanted.map(([, entry]) => entry),
        budget.left,
      );
      for (const [name, entry] of wanted) {
        const target = fileIn(dir, name);
        await writeEntry(data, entry, target, budget);
        written.push(target);
      }
    } catch (err) {
      for (const file of written) await fs.rm(file, { force: true });
      throw zipFailure(err);
    }
    state.zips.push(zipName);
    state.bytes += start - budget.left;
    await fs.writeFile(unpackedState(dir), JSON.stringify(state));
  }
}

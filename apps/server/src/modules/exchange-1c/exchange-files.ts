import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { EXCHANGE_1C_LIMITS, EXCHANGE_1C_MSG } from '@b2b/contracts/exchange-1c';
import { checkedKey, readAll, scratchFile, type BlobStore } from '@/files/blob-store';
import { SheetFailure } from '@/files/sheet-types';
import { declaredSize, entryChunks, measureEntries, zipEntries, type UnpackBudget, type ZipEntry } from '@/files/zip-entries';

/*
 * The files of an exchange session live in the file store (issue 42), so that any host takes any of 1C's calls and
 * any host runs the import. Each part 1C POSTs is an object of its own:
 *
 *   exchange-1c/<partnerId>/<sessionId>/parts/<filename>/<offset>-<random>
 *
 * <filename> is 1C's name as safeFileName let it through (its folders are the key's), <offset> where the part starts
 * among the session's received bytes: the session row's byte count, moved by the same UPDATE … RETURNING that holds
 * the session's cap, so it comes from the database whichever host takes the part. 1C sends a file's parts one after
 * another, so offsets sort them in the order they came; <random> keeps two parts at one offset (an empty part and
 * the next, or two that raced, never 1C's way) from replacing each other. A part is read into a scratch file of the host first (capped) and stored whole only once
 * read and counted: a part refused midway or by the session's cap leaves no object. The import joins each file's
 * parts into a scratch folder of its own host, unpacks the zips there, reads its XML and removes the folder.
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

/** Every object of the session: `mode=init` (a new catalogue exchange) removes them all. */
export const sessionPrefix = (partnerId: number, sessionId: number) => `exchange-1c/${partnerId}/${sessionId}/`;

const partsPrefix = (partnerId: number, sessionId: number) => `${sessionPrefix(partnerId, sessionId)}parts/`;
/** A session holds at most sessionBytes (10 digits): 13 leave room, and zero-padded offsets sort as numbers. */
const OFFSET_DIGITS = 13;
const PART_ID = /^\d{13}-[0-9a-f]{8}$/;

/** The key of a part of `name` starting at `offset` of the session's received bytes. */
export function partKey(partnerId: number, sessionId: number, name: string, offset: number): string {
  const id = `${String(offset).padStart(OFFSET_DIGITS, '0')}-${randomBytes(4).toString('hex')}`;
  return checkedKey(`${partsPrefix(partnerId, sessionId)}${name}/${id}`);
}

/** A file of the session as stored: its parts' keys in the order they came, and its bytes in all. */
export interface SessionFile {
  parts: { key: string; size: number }[];
  bytes: number;
}

/** The session's files by name (listed from the store, so whichever host received them). */
export async function sessionFiles(blobs: BlobStore, partnerId: number, sessionId: number): Promise<Map<string, SessionFile>> {
  const prefix = partsPrefix(partnerId, sessionId);
  const files = new Map<string, SessionFile>();
  for await (const entry of blobs.list(prefix)) {
    const rest = entry.key.slice(prefix.length);
    const slash = rest.lastIndexOf('/');
    const name = safeFileName(rest.slice(0, slash));
    if (slash <= 0 || !name || !PART_ID.test(rest.slice(slash + 1))) continue;
    const file = files.get(name) ?? { parts: [], bytes: 0 };
    file.parts.push({ key: entry.key, size: entry.size });
    file.bytes += entry.size;
    files.set(name, file);
  }
  for (const file of files.values()) file.parts.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return files;
}

/** A safe name's path inside the folder (checked again: nothing outside it is ever touched). */
export function fileIn(dir: string, name: string): string {
  const full = path.resolve(dir, name);
  if (!full.startsWith(path.resolve(dir) + path.sep)) throw new ExchangeRefusal(EXCHANGE_1C_MSG.badFileName);
  return full;
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

/** The bytes of a part's end kept in memory while it is read: enough for CommerceML's closing root tag. */
export const TAIL_BYTES = 256;

/** A part read into a scratch file of this host: its bytes and its last TAIL_BYTES. */
export interface SpooledPart {
  file: string;
  bytes: number;
  tail: Buffer;
}

const keepTail = (tail: Buffer, chunk: Buffer) =>
  chunk.length >= TAIL_BYTES ? Buffer.from(chunk.subarray(chunk.length - TAIL_BYTES)) : Buffer.concat([tail, chunk]).subarray(-TAIL_BYTES);

/** Reads one part of a file (at most `maxBytes`) into a scratch file under DATA_DIR/tmp; refused midway, none stays. */
export async function spoolPart(dataDir: string, body: Readable, maxBytes: number): Promise<SpooledPart> {
  const file = await scratchFile(dataDir, '.1c-part');
  let tail = Buffer.alloc(0);
  try {
    const handle = await fs.open(file, 'w');
    try {
      const bytes = await consumeCapped(body, maxBytes, async (chunk) => {
        await handle.write(chunk);
        tail = keepTail(tail, chunk);
      });
      return { file, bytes, tail };
    } finally {
      await handle.close();
    }
  } catch (err) {
    await fs.rm(file, { force: true });
    throw err;
  }
}

/**
 * Stores a spooled part under `key`; the scratch file is gone either way. An empty part is stored too (an empty file
 * 1C sent is a file, refused at its import as no XML), as the empty object it is.
 */
export async function storePart(blobs: BlobStore, key: string, part: SpooledPart): Promise<void> {
  if (part.bytes > 0) return blobs.putFile(key, part.file, 'application/octet-stream');
  await fs.rm(part.file, { force: true });
  await blobs.put(key, Buffer.alloc(0), 'application/octet-stream');
}

/** Removes a spooled part that is not to be stored (the session's cap refused it). */
export const discardPart = (part: SpooledPart) => fs.rm(part.file, { force: true });

/**
 * The file's last TAIL_BYTES: the last part's, kept as it was read, when it has that many; else read from the end of
 * the parts before it in the store.
 */
export async function fileTail(blobs: BlobStore, partnerId: number, sessionId: number, name: string, lastTail: Buffer): Promise<Buffer> {
  if (lastTail.length >= TAIL_BYTES) return lastTail;
  const parts = (await sessionFiles(blobs, partnerId, sessionId)).get(name)?.parts ?? [];
  const pieces: Buffer[] = [];
  let need = TAIL_BYTES;
  for (let i = parts.length - 1; i >= 0 && need > 0; i--) {
    const got = await blobs.get(parts[i].key, Math.max(0, parts[i].size - need));
    if (!got) continue;
    const bytes = await readAll(got.body);
    pieces.unshift(bytes);
    need -= bytes.length;
  }
  return Buffer.concat(pieces);
}

/** Joins a file's parts, in order, into `target` (streamed: a part is never whole in memory). */
export async function materialise(blobs: BlobStore, file: SessionFile, target: string): Promise<void> {
  await fs.mkdir(path.dirname(target), { recursive: true });
  const handle = await fs.open(target, 'w');
  try {
    for (const part of file.parts) {
      const got = await blobs.get(part.key);
      // A part gone meanwhile: a new exchange (init) emptied the session.
      if (!got) throw new ExchangeRefusal(EXCHANGE_1C_MSG.fileNotFound);
      for await (const chunk of got.body) await handle.write(chunk as Buffer);
    }
  } finally {
    await handle.close();
  }
}

/** A new scratch folder of this host for one import: the caller removes it (also on failure). */
export async function scratchFolder(dataDir: string): Promise<string> {
  const dir = await scratchFile(dataDir, '.1c-import');
  await fs.mkdir(dir, { recursive: true });
  return dir;
}

/** A file 1C sends that the site does not keep: read away (within the part's cap) and dropped. */
export const dropPart = (body: Readable, maxBytes: number) => consumeCapped(body, maxBytes, async () => {});

const zipFailure = (err: unknown) => {
  if (err instanceof ExchangeRefusal) return err;
  if (err instanceof SheetFailure && err.reason === 'tooLarge') return new ExchangeRefusal(EXCHANGE_1C_MSG.zipTooLarge);
  return new ExchangeRefusal(EXCHANGE_1C_MSG.zipBroken);
};

/** Writes an entry aside and renames it in place, so a half-written entry is never read as a file. */
async function writeEntry(data: Buffer, entry: ZipEntry, target: string, budget: UnpackBudget): Promise<void> {
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
 * A zip's XML entries, each checked: more entries than zipEntries, an unsafe entry name, an encrypted entry or more
 * declared bytes than `left` refuse it whole. Anything else (pictures) is skipped.
 */
function xmlEntries(data: Buffer, left: number): [string, ZipEntry][] {
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
  if (declaredSize(new Map(wanted)) > left) throw new ExchangeRefusal(EXCHANGE_1C_MSG.zipTooLarge);
  return wanted;
}

/** The zips 1C sent (those at the top, as 1C sends them), in the order they are unpacked. */
const topZips = (names: Iterable<string>) => [...names].filter((n) => fileKind(n) === 'zip' && !n.includes('/')).sort();

/**
 * Unpacks the folder's zips into it (each import's own scratch folder: every zip, each time): their XML entries
 * streamed out, anything else skipped. A zip over MAX_ZIP_BYTES, encrypted, broken, with an unsafe entry name or
 * more entries than zipEntries, or unpacking past unpackedBytes in all (counted as inflated, whatever the zip
 * declares) is refused whole: what it had written is removed.
 */
export async function unpackZips(dir: string): Promise<void> {
  let names: string[];
  try {
    names = topZips(await fs.readdir(dir));
  } catch {
    return;
  }
  const budget: UnpackBudget = { left: EXCHANGE_1C_LIMITS.unpackedBytes };
  for (const zipName of names) {
    const zipPath = fileIn(dir, zipName);
    const size = (await fileSize(zipPath)) ?? 0;
    if (size > MAX_ZIP_BYTES) throw new ExchangeRefusal(EXCHANGE_1C_MSG.zipTooLarge);
    const data = await fs.readFile(zipPath);
    const written: string[] = [];
    try {
      const wanted = xmlEntries(data, budget.left);
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
  }
}

/**
 * What `name` holds once the session's zips are unpacked, in bytes, or undefined when it is nowhere: checked where
 * `mode=import` is answered, so that a bad zip is refused at once. The zips are read from the store and inflated to
 * nothing (refused as unpackZips refuses them); an entry of a zip takes the place of a file of its name, as it does
 * on unpacking.
 */
export async function importedFileBytes(blobs: BlobStore, files: Map<string, SessionFile>, name: string): Promise<number | undefined> {
  let bytes = files.get(name)?.bytes;
  const budget: UnpackBudget = { left: EXCHANGE_1C_LIMITS.unpackedBytes };
  for (const zipName of topZips(files.keys())) {
    const zip = files.get(zipName)!;
    if (zip.bytes > MAX_ZIP_BYTES) throw new ExchangeRefusal(EXCHANGE_1C_MSG.zipTooLarge);
    const pieces: Buffer[] = [];
    for (const part of zip.parts) {
      const got = await blobs.get(part.key);
      if (!got) throw new ExchangeRefusal(EXCHANGE_1C_MSG.fileNotFound);
      pieces.push(await readAll(got.body));
    }
    const data = Buffer.concat(pieces);
    try {
      for (const [entryName, entry] of xmlEntries(data, budget.left)) {
        let inflated = 0;
        for await (const chunk of entryChunks(data, entry, budget)) inflated += chunk.length;
        if (entryName === name) bytes = inflated;
      }
    } catch (err) {
      throw zipFailure(err);
    }
  }
  return bytes;
}

/**
 * Joins what an import of `name` needs (the file itself and the zips) into `dir`, a scratch folder, and unpacks the
 * zips there: the file's path, or a refusal when it is nowhere.
 */
export async function prepareImport(blobs: BlobStore, partnerId: number, sessionId: number, name: string, dir: string): Promise<string> {
  const files = await sessionFiles(blobs, partnerId, sessionId);
  const zips = new Set(topZips(files.keys()));
  for (const [fileName, file] of files) {
    if (fileName === name || zips.has(fileName)) await materialise(blobs, file, fileIn(dir, fileName));
  }
  await unpackZips(dir);
  const target = fileIn(dir, name);
  if ((await fileSize(target)) === undefined) throw new ExchangeRefusal(EXCHANGE_1C_MSG.fileNotFound);
  return target;
}

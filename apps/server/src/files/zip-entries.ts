import { createInflateRaw } from 'node:zlib';
import { SheetFailure } from './sheet-types';

/**
 * A zip held in memory (an uploaded xlsx): its entries from the central directory, and an entry's content
 * inflated as a stream of chunks that counts the bytes really produced, because the sizes a zip declares can lie.
 */

export interface ZipEntry {
  name: string;
  method: number;
  encrypted: boolean;
  compressedSize: number;
  /** The unpacked size the directory declares. */
  size: number;
  localOffset: number;
}

/** What is left of the unpacked bytes a file may produce, shared by all the entries read from it. */
export interface UnpackBudget {
  left: number;
}

const END_OF_DIRECTORY = 0x06054b50;
const ZIP64_END_LOCATOR = 0x07064b50;
const ZIP64_END = 0x06064b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const ZIP64_EXTRA = 0x0001;
const STORED = 0;
const DEFLATED = 8;
const STORED_SLICE = 64 * 1024;

const corrupt = () => new SheetFailure('format');

function endOfDirectory(data: Buffer): number {
  const earliest = Math.max(0, data.length - 22 - 0xffff);
  for (let p = data.length - 22; p >= earliest; p--) {
    if (data.readUInt32LE(p) === END_OF_DIRECTORY) return p;
  }
  throw corrupt();
}

/** Count and offset of the directory, from the zip64 record when the classic one is saturated. */
function directoryOf(data: Buffer, end: number): { count: number; offset: number } {
  const count = data.readUInt16LE(end + 10);
  const offset = data.readUInt32LE(end + 16);
  if (count !== 0xffff && offset !== 0xffffffff) return { count, offset };
  const locator = end - 20;
  if (locator < 0 || data.readUInt32LE(locator) !== ZIP64_END_LOCATOR) throw corrupt();
  const record = Number(data.readBigUInt64LE(locator + 8));
  if (data.readUInt32LE(record) !== ZIP64_END) throw corrupt();
  return { count: Number(data.readBigUInt64LE(record + 32)), offset: Number(data.readBigUInt64LE(record + 48)) };
}

/** Sizes and offset saturated at 0xffffffff are in the zip64 extra field, in this order, only those saturated. */
function applyZip64(entry: ZipEntry, extra: Buffer): void {
  for (let p = 0; p + 4 <= extra.length;) {
    const id = extra.readUInt16LE(p);
    const length = extra.readUInt16LE(p + 2);
    if (id === ZIP64_EXTRA) {
      let q = p + 4;
      const next = () => {
        const value = Number(extra.readBigUInt64LE(q));
        q += 8;
        return value;
      };
      if (entry.size === 0xffffffff) entry.size = next();
      if (entry.compressedSize === 0xffffffff) entry.compressedSize = next();
      if (entry.localOffset === 0xffffffff) entry.localOffset = next();
      return;
    }
    p += 4 + length;
  }
}

/** The entries by name. A directory that does not add up is a corrupt file. */
export function zipEntries(data: Buffer): Map<string, ZipEntry> {
  try {
    const { count, offset } = directoryOf(data, endOfDirectory(data));
    const entries = new Map<string, ZipEntry>();
    let p = offset;
    for (let i = 0; i < count; i++) {
      if (data.readUInt32LE(p) !== DIRECTORY_ENTRY) throw corrupt();
      const nameLength = data.readUInt16LE(p + 28);
      const extraLength = data.readUInt16LE(p + 30);
      const commentLength = data.readUInt16LE(p + 32);
      const nameEnd = p + 46 + nameLength;
      if (nameEnd + extraLength > data.length) throw corrupt();
      const entry: ZipEntry = {
        name: data.toString('utf8', p + 46, nameEnd),
        method: data.readUInt16LE(p + 10),
        encrypted: (data.readUInt16LE(p + 8) & 1) === 1,
        compressedSize: data.readUInt32LE(p + 20),
        size: data.readUInt32LE(p + 24),
        localOffset: data.readUInt32LE(p + 42),
      };
      applyZip64(entry, data.subarray(nameEnd, nameEnd + extraLength));
      entries.set(entry.name, entry);
      p = nameEnd + extraLength + commentLength;
    }
    return entries;
  } catch (err) {
    if (err instanceof SheetFailure) throw err;
    throw corrupt(); // a read past the end: the directory points outside the file
  }
}

/** The unpacked size all the entries declare together. */
export const declaredSize = (entries: Map<string, ZipEntry>) => [...entries.values()].reduce((sum, e) => sum + e.size, 0);

function compressedBytes(data: Buffer, entry: ZipEntry): Buffer {
  const p = entry.localOffset;
  if (entry.encrypted || p + 30 > data.length || data.readUInt32LE(p) !== LOCAL_HEADER) throw corrupt();
  const start = p + 30 + data.readUInt16LE(p + 26) + data.readUInt16LE(p + 28);
  if (start + entry.compressedSize > data.length) throw corrupt();
  return data.subarray(start, start + entry.compressedSize);
}

/**
 * The entry's unpacked bytes, chunk by chunk as the consumer takes them (the inflater waits for the consumer, so
 * nothing piles up), each chunk charged to the budget: past it, the file is too large whatever it declared.
 */
export async function* entryChunks(data: Buffer, entry: ZipEntry, budget: UnpackBudget): AsyncGenerator<Buffer> {
  const raw = compressedBytes(data, entry);
  const charge = (chunk: Buffer) => {
    budget.left -= chunk.length;
    if (budget.left < 0) throw new SheetFailure('tooLarge');
    return chunk;
  };
  if (entry.method === STORED) {
    for (let i = 0; i < raw.length; i += STORED_SLICE) yield charge(raw.subarray(i, i + STORED_SLICE));
    return;
  }
  if (entry.method !== DEFLATED) throw corrupt();
  const inflater = createInflateRaw();
  inflater.end(raw);
  try {
    for await (const chunk of inflater) yield charge(chunk as Buffer);
  } catch (err) {
    if (err instanceof SheetFailure) throw err;
    throw corrupt(); // zlib: invalid deflate data
  } finally {
    inflater.destroy();
  }
}

/** Inflates the entries without keeping anything, to learn their real size before any work is spent on them. */
export async function measureEntries(data: Buffer, entries: ZipEntry[], maxBytes: number): Promise<void> {
  const budget = { left: maxBytes };
  for (const entry of entries) {
    for await (const chunk of entryChunks(data, entry, budget)) void chunk;
  }
}

import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import { MEDIA_TYPES } from '@b2b/contracts/http/form-fields';
import { SPREADSHEET_EXTENSIONS } from '@b2b/contracts/limits';
import { spreadsheetNameProblem } from '@b2b/contracts/spreadsheet-files';

/**
 * What a file is, read from its bytes (magic numbers), never from the name or the browser's content type.
 * An upload is accepted when its content is an allowed kind and its name's extension names that same kind,
 * so a ".png" holding a PDF is refused.
 */

export type FileKind = 'jpeg' | 'png' | 'pdf' | 'docx' | 'xlsx' | 'odt' | 'ods' | 'ots' | 'doc' | 'xls' | 'csv';

export const KIND_MIME: Record<FileKind, string> = MEDIA_TYPES;

/** The kind each allowed extension names (ALLOWED_UPLOAD_EXTENSIONS of the contracts). */
const EXTENSION_KIND: Record<string, FileKind> = {
  jpg: 'jpeg',
  jpeg: 'jpeg',
  png: 'png',
  pdf: 'pdf',
  docx: 'docx',
  xlsx: 'xlsx',
  odt: 'odt',
  ods: 'ods',
  ots: 'ots',
  doc: 'doc',
  xls: 'xls',
  csv: 'csv',
};

export const SHOP_FILE_KINDS: readonly FileKind[] = ['jpeg', 'png', 'pdf', 'docx', 'xlsx', 'odt', 'ods', 'ots', 'doc', 'xls', 'csv'];
export const IMAGE_KINDS: readonly FileKind[] = ['jpeg', 'png'];
export const SPREADSHEET_KINDS = SPREADSHEET_EXTENSIONS satisfies readonly FileKind[];

const OLE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const ZIP = Buffer.from('PK\x03\x04', 'latin1');
const OPEN_DOCUMENT: Record<string, FileKind> = {
  'application/vnd.oasis.opendocument.text': 'odt',
  'application/vnd.oasis.opendocument.spreadsheet': 'ods',
  'application/vnd.oasis.opendocument.spreadsheet-template': 'ots',
};

const startsWith = (data: Buffer, magic: Buffer) => data.length >= magic.length && data.subarray(0, magic.length).equals(magic);

/** Names a zip or an OLE compound file holds somewhere in its bytes (not only in its first ones). */
const MARKERS = {
  docx: Buffer.from('word/document.xml', 'latin1'),
  xlsx: Buffer.from('xl/workbook.xml', 'latin1'),
  word: Buffer.from('WordDocument', 'utf16le'),
  workbook: Buffer.from('Workbook', 'utf16le'),
  book: Buffer.from('Book', 'utf16le'),
};
type Holds = (marker: Buffer) => boolean;

/** A zip: OpenDocument names its type in the stored "mimetype" entry; OOXML by its part names. */
function zipKind(data: Buffer, holds: Holds): FileKind | null {
  const nameLength = data.readUInt16LE(26);
  const extraLength = data.readUInt16LE(28);
  if (data.subarray(30, 30 + nameLength).toString('latin1') === 'mimetype') {
    const start = 30 + nameLength + extraLength;
    const mime = data
      .subarray(start, start + 80)
      .toString('latin1')
      .replace(/[^\x21-\x7e].*$/s, '');
    return OPEN_DOCUMENT[mime] ?? null;
  }
  if (holds(MARKERS.docx)) return 'docx';
  if (holds(MARKERS.xlsx)) return 'xlsx';
  return null;
}

/** An OLE compound file: Word keeps a "WordDocument" stream, Excel a "Workbook" (or old "Book") stream. */
function oleKind(holds: Holds): FileKind | null {
  if (holds(MARKERS.word)) return 'doc';
  if (holds(MARKERS.workbook) || holds(MARKERS.book)) return 'xls';
  return null;
}

/** Text: no NUL and no control characters other than tab, line feed, carriage return, form feed. */
function isText(data: Buffer): boolean {
  if (data.length === 0) return false;
  const sample = data.subarray(0, 64 * 1024);
  for (const byte of sample) {
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c) return false;
  }
  return true;
}

/**
 * The kind of the content; csv is any text, so it is only told when the name asks for it. `data` is the whole file,
 * or its first HEAD_BYTES when `holds` looks for the zip's and OLE's names in the whole file.
 */
export function sniffKind(data: Buffer, wantsCsv = false, holds: Holds = (marker) => data.includes(marker)): FileKind | null {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpeg';
  if (startsWith(data, PNG)) return 'png';
  if (data.subarray(0, 1024).includes('%PDF-', 0, 'latin1')) return 'pdf';
  if (startsWith(data, ZIP) && data.length > 30) return zipKind(data, holds);
  if (startsWith(data, OLE)) return oleKind(holds);
  if (wantsCsv && isText(data)) return 'csv';
  return null;
}

export function extensionKind(filename: string): FileKind | null {
  const ext = /\.([a-z0-9]+)$/i.exec(filename)?.[1]?.toLowerCase() ?? '';
  return EXTENSION_KIND[ext] ?? null;
}

/** The accepted kind of an upload, or null when its content or its name is not one of `allowed`. */
export function acceptedKind<K extends FileKind>(filename: string, data: Buffer, allowed: readonly K[]): K | null {
  const named = extensionKind(filename);
  if (!named || !(allowed as readonly FileKind[]).includes(named)) return null;
  const actual = sniffKind(data, named === 'csv');
  return actual === named ? (actual as K) : null;
}

/** The bytes of a file's head that tell its kind: the magic numbers, a zip's first entry, the text sample. */
const HEAD_BYTES = 64 * 1024;

async function headOf(file: string): Promise<Buffer> {
  const handle = await fs.open(file, 'r');
  try {
    const head = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await handle.read(head, 0, HEAD_BYTES, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** Which of the markers the file holds, read chunk by chunk (a marker across two chunks is found too). */
async function markersIn(file: string): Promise<Set<Buffer>> {
  const markers = Object.values(MARKERS);
  const overlap = Math.max(...markers.map((m) => m.length)) - 1;
  const found = new Set<Buffer>();
  let tail = Buffer.alloc(0);
  for await (const chunk of createReadStream(file, { highWaterMark: 256 * 1024 })) {
    const window = Buffer.concat([tail, chunk as Buffer]);
    for (const marker of markers) if (!found.has(marker) && window.includes(marker)) found.add(marker);
    if (found.size === markers.length) break;
    tail = window.subarray(Math.max(0, window.length - overlap));
  }
  return found;
}

/** sniffKind of a file on disk (an upload's scratch file): its head, and for a zip or OLE file the names it holds. */
export async function sniffFileKind(file: string, wantsCsv = false): Promise<FileKind | null> {
  const head = await headOf(file);
  const needsMarkers = (startsWith(head, ZIP) && head.length > 30) || startsWith(head, OLE);
  const found = needsMarkers ? await markersIn(file) : new Set<Buffer>();
  return sniffKind(head, wantsCsv, (marker) => found.has(marker));
}

/** acceptedKind of a file on disk. */
export async function acceptedFileKind<K extends FileKind>(filename: string, file: string, allowed: readonly K[]): Promise<K | null> {
  const named = extensionKind(filename);
  if (!named || !(allowed as readonly FileKind[]).includes(named)) return null;
  const actual = await sniffFileKind(file, named === 'csv');
  return actual === named ? (actual as K) : null;
}

/** The first bytes of an OLE2 compound file (D0 CF 11 E0): the old binary Excel, whatever its name says. */
const isOle2 = (data: Buffer) => data.length >= 4 && data[0] === 0xd0 && data[1] === 0xcf && data[2] === 0x11 && data[3] === 0xe0;

/**
 * The kind of a spreadsheet upload (a price, remains, multiplicity, promo or exclusion file): xlsx or csv by name and
 * content; `old-excel` for the old binary format, named .xls or holding OLE2 bytes (refused with its own message,
 * MSG.spreadsheetOldExcel, issue 39 §3); null for anything else. `file` is its path (an upload's scratch file).
 */
export async function spreadsheetKind(filename: string, file: string): Promise<(typeof SPREADSHEET_KINDS)[number] | 'old-excel' | null> {
  if (spreadsheetNameProblem(filename) === 'old-excel' || isOle2(await headOf(file))) return 'old-excel';
  return acceptedFileKind(filename, file, SPREADSHEET_KINDS);
}

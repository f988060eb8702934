import { constants, crc32, deflateRawSync } from 'node:zlib';

/**
 * Test fixtures of spreadsheet uploads, built in memory without ExcelJS so that even large ones take
 * milliseconds: a minimal zip writer, an xlsx of given rows, and zip bombs whose sheet unpacks to hundreds of MB.
 */

export interface ZipPart {
  name: string;
  /** Raw deflate data. */
  deflated: Buffer;
  /** The unpacked size the headers declare. */
  size: number;
  crc: number;
  /** Sizes in the zip64 extra field, the classic fields saturated (as some writers always do). */
  zip64?: boolean;
}

export function zipPart(name: string, content: string | Buffer): ZipPart {
  const data = Buffer.from(content);
  return { name, deflated: deflateRawSync(data), size: data.length, crc: crc32(data) };
}

export function zipOf(parts: ZipPart[]): Buffer {
  const chunks: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name);
    const extra = Buffer.alloc(part.zip64 ? 20 : 0);
    if (part.zip64) {
      extra.writeUInt16LE(0x0001, 0);
      extra.writeUInt16LE(16, 2);
      extra.writeBigUInt64LE(BigInt(part.size), 4);
      extra.writeBigUInt64LE(BigInt(part.deflated.length), 12);
    }
    const sizes = (header: Buffer, at: number) => {
      header.writeUInt32LE(part.zip64 ? 0xffffffff : part.deflated.length, at);
      header.writeUInt32LE(part.zip64 ? 0xffffffff : part.size, at + 4);
    };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(8, 8); // deflated
    local.writeUInt32LE(part.crc, 14);
    sizes(local, 18);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(extra.length, 28);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(0x0800, 8);
    entry.writeUInt16LE(8, 10);
    entry.writeUInt32LE(part.crc, 16);
    sizes(entry, 20);
    entry.writeUInt16LE(name.length, 28);
    entry.writeUInt16LE(extra.length, 30);
    entry.writeUInt32LE(offset, 42);
    chunks.push(local, name, extra, part.deflated);
    directory.push(entry, name, extra);
    offset += local.length + name.length + extra.length + part.deflated.length;
  }
  const dir = Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...chunks, dir, end]);
}

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const DOC_RELS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

export const SHEET_HEAD = `${XML}<worksheet xmlns="${MAIN}"><sheetData>`;
export const SHEET_TAIL = '</sheetData></worksheet>';

/** An xlsx around this sheet part (and shared strings, when given). */
export function xlsxAround(sheet: ZipPart, sharedStrings?: string[]): Buffer {
  const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const parts = [
    zipPart(
      '[Content_Types].xml',
      `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>${sharedStrings ? '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>' : ''}</Types>`,
    ),
    zipPart(
      '_rels/.rels',
      `${XML}<Relationships xmlns="${RELS}"><Relationship Id="rId1" Type="${DOC_RELS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ),
    zipPart(
      'xl/workbook.xml',
      `${XML}<workbook xmlns="${MAIN}" xmlns:r="${DOC_RELS}"><sheets><sheet name="Лист1" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
    zipPart(
      'xl/_rels/workbook.xml.rels',
      `${XML}<Relationships xmlns="${RELS}"><Relationship Id="rId1" Type="${DOC_RELS}/worksheet" Target="worksheets/sheet1.xml"/>${sharedStrings ? `<Relationship Id="rId2" Type="${DOC_RELS}/sharedStrings" Target="sharedStrings.xml"/>` : ''}</Relationships>`,
    ),
    { ...sheet, name: 'xl/worksheets/sheet1.xml' },
  ];
  if (sharedStrings) {
    const items = sharedStrings.map((s) => `<si><t xml:space="preserve">${escape(s)}</t></si>`).join('');
    parts.push(
      zipPart(
        'xl/sharedStrings.xml',
        `${XML}<sst xmlns="${MAIN}" count="${sharedStrings.length}" uniqueCount="${sharedStrings.length}">${items}</sst>`,
      ),
    );
  }
  return zipOf(parts);
}

/** A row of the sheet as Excel writes it (cell references included): numbers as numbers, text inline. */
export function rowXml(number: number, values: (string | number)[]): string {
  const cells = values.map((v, i) => {
    const ref = `${String.fromCharCode(65 + i)}${number}`;
    return typeof v === 'number'
      ? `<c r="${ref}"><v>${v}</v></c>`
      : `<c r="${ref}" t="inlineStr"><is><t>${v.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</t></is></c>`;
  });
  return `<row r="${number}">${cells.join('')}</row>`;
}

/** An xlsx whose first sheet holds these rows, from row 1. */
export function xlsxOfRows(rows: (string | number)[][]): Buffer {
  const sheet = SHEET_HEAD + rows.map((values, i) => rowXml(i + 1, values)).join('') + SHEET_TAIL;
  return xlsxAround(zipPart('sheet', sheet));
}

/** Deflates head + unit × times + tail without ever holding the whole: each piece is flushed to a byte boundary, so the pieces concatenate. */
function repeatedDeflate(head: string, unit: string, times: number, tail: string): Buffer {
  const flushed = (text: string) => deflateRawSync(Buffer.from(text), { finishFlush: constants.Z_SYNC_FLUSH });
  const unitDeflated = flushed(unit);
  return Buffer.concat([flushed(head), ...Array.from({ length: times }, () => unitDeflated), deflateRawSync(Buffer.from(tail))]);
}

/**
 * An xlsx whose sheet unpacks to about `unpackedMb` MB of rows; its headers declare that size honestly, or
 * declare a few KB (`lying`) so that only counting the inflated bytes finds it out.
 */
export function zipBombXlsx(unpackedMb: number, declared: 'honest' | 'lying'): Buffer {
  const row = rowXml(1, ['123456', 'повтор']);
  const unit = row.repeat(Math.ceil((1024 * 1024) / Buffer.byteLength(row)));
  const times = Math.ceil((unpackedMb * 1024 * 1024) / Buffer.byteLength(unit));
  const size = Buffer.byteLength(SHEET_HEAD) + Buffer.byteLength(unit) * times + Buffer.byteLength(SHEET_TAIL);
  const sheet: ZipPart = {
    name: 'sheet',
    deflated: repeatedDeflate(SHEET_HEAD, unit, times, SHEET_TAIL),
    size: declared === 'honest' ? Math.min(size, 0xfffffffe) : 4096,
    crc: 0,
  };
  return xlsxAround(sheet);
}

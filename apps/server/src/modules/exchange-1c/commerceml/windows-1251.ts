/*
 * The two charsets 1C's exchange speaks (issue 41): UTF-8, and windows-1251 when the request asks for it. Node's
 * Buffer has no windows-1251 encoder, so the table is built once from the platform's own decoder (TextDecoder, WHATWG
 * mapping): every character it decodes a byte to is encoded back to that byte.
 */

export type ExchangeCharset = 'utf-8' | 'windows-1251';

/** char code → byte of windows-1251, -1 where the charset has no such character. */
let table: Int16Array | undefined;

function windows1251Table(): Int16Array {
  if (table) return table;
  const t = new Int16Array(0x10000).fill(-1);
  const decoded = new TextDecoder('windows-1251').decode(Uint8Array.from({ length: 256 }, (_, i) => i));
  for (let byte = 0; byte < 256; byte++) t[decoded.charCodeAt(byte)] = byte;
  table = t;
  return t;
}

/** A character windows-1251 lacks, as an XML character reference (the XML writer's text; 1C reads it back). */
const characterReference = (codePoint: number) => `&#${codePoint};`;

/**
 * The text's bytes in the charset. In windows-1251 a character the charset lacks becomes `unmappable(codePoint)`:
 * an XML character reference by default (right inside XML text and attribute values), whatever fits a plain answer.
 */
export function encodeText(text: string, charset: ExchangeCharset, unmappable: (codePoint: number) => string = characterReference): Buffer {
  if (charset === 'utf-8') return Buffer.from(text, 'utf8');
  const t = windows1251Table();
  const out = Buffer.allocUnsafe(text.length * 2 + 16);
  let n = 0;
  let buffer = out;
  const put = (byte: number) => {
    if (n === buffer.length) {
      const bigger = Buffer.allocUnsafe(buffer.length * 2);
      buffer.copy(bigger, 0, 0, n);
      buffer = bigger;
    }
    buffer[n++] = byte;
  };
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const byte = t[code];
    if (byte >= 0) {
      put(byte);
      continue;
    }
    let codePoint = code;
    // A surrogate pair is one character: one reference for it. A lone surrogate is no character: U+FFFD.
    if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      const low = text.charCodeAt(i + 1);
      if (low >= 0xdc00 && low <= 0xdfff) {
        codePoint = 0x10000 + ((code - 0xd800) << 10) + (low - 0xdc00);
        i++;
      } else codePoint = 0xfffd;
    } else if (code >= 0xd800 && code <= 0xdfff) codePoint = 0xfffd;
    const replacement = unmappable(codePoint);
    for (let j = 0; j < replacement.length; j++) {
      const b = t[replacement.charCodeAt(j)];
      put(b >= 0 ? b : 0x3f);
    }
  }
  return buffer.subarray(0, n);
}

/** The charset's name as an XML declaration's `encoding` and a Content-Type's `charset` write it. */
export const charsetLabel = (charset: ExchangeCharset) => (charset === 'utf-8' ? 'UTF-8' : 'windows-1251');

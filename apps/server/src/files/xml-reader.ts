import { isUtf8 } from 'node:buffer';
import { TextDecoder } from 'node:util';
import { SaxesParser } from 'saxes';
import { EXCHANGE_1C_LIMITS, EXCHANGE_1C_MSG, EXCHANGE_1C_XML_LIMITS, EXCHANGE_1C_XML_MSG } from '@b2b/contracts/exchange-1c';

/**
 * A streaming XML reader for documents from outside (1C's CommerceML): bytes in, small records out, one input chunk
 * at a time, so a 500 MB file is read in the memory of one record. The encoding comes from the BOM or the XML
 * declaration (UTF-8 or windows-1251, decoded strictly); a DOCTYPE or an entity other than the five predefined ones
 * and character references is refused, never resolved, so no file or URL is ever read; bytes, depth, texts, records
 * and the elements of a record are capped. Every refusal is an XmlRefused with a Russian message.
 */

const MESSAGES = { ...EXCHANGE_1C_MSG, ...EXCHANGE_1C_XML_MSG };
export type XmlRefusalReason = keyof typeof MESSAGES;

export class XmlRefused extends Error {
  constructor(readonly reason: XmlRefusalReason) {
    super(MESSAGES[reason]);
    this.name = 'XmlRefused';
  }
}

/** An element collected whole: its own text (its children's excluded, untrimmed) and its children in order. */
export interface XmlNode {
  name: string;
  attributes: Record<string, string>;
  children: XmlNode[];
  text: string;
}

/** `open`: an element outside any record, with its attributes (its content read on); `record`: a collected element. */
export type XmlItem = { kind: 'open'; path: string; attributes: Record<string, string> } | { kind: 'record'; path: string; node: XmlNode };

export interface XmlReadOptions {
  /**
   * Called for each element outside a record with its path of local names from the root (`КоммерческаяИнформация/
   * Каталог/Товары/Товар`): 'open' yields it, 'collect' yields it whole when it closes, undefined skips it (its
   * children are still asked). May throw an XmlRefused (a wrong root element).
   */
  pick(path: string): 'open' | 'collect' | undefined;
  maxBytes?: number;
  maxDepth?: number;
  maxTextChars?: number;
  maxRecords?: number;
  maxRecordNodes?: number;
  maxRecordChars?: number;
}

type Encoding = 'utf-8' | 'windows-1251';

/** Bytes looked at before the first character is decoded: the declaration, and enough text to tell UTF-8 from 1251. */
const HEAD_BYTES = 4096;
/** Characters given to the parser at once: its buffers are checked between writes, so they overshoot by this at most. */
const WRITE_CHARS = 64 * 1024;
/** Bytes decoded at once, so that one huge chunk of a stream is still checked as it goes. */
const DECODE_BYTES = 64 * 1024;
const MAX_ENTITY_NAME = 1024;

const localName = (name: string) => {
  const colon = name.indexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
};

function encodingNamed(label: string): Encoding | undefined {
  const name = label.trim().toLowerCase();
  if (name === 'utf-8' || name === 'utf8' || name === 'us-ascii' || name === 'ascii') return 'utf-8';
  if (name === 'windows-1251' || name === 'cp1251' || name === 'win-1251' || name === 'x-cp1251') return 'windows-1251';
  return undefined;
}

/** The document's encoding and the BOM's length, from its first bytes (the whole head when it is shorter). */
function detectEncoding(head: Buffer): { encoding: Encoding; skip: number } {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) {
    const declared = declaredEncoding(head.subarray(3));
    if (declared && declared !== 'utf-8') throw new XmlRefused('xmlEncodingMismatch');
    return { encoding: 'utf-8', skip: 3 };
  }
  // UTF-16 and UTF-32, with or without a BOM: the first character is `<` or the BOM in two or four bytes.
  if ((head[0] === 0xfe && head[1] === 0xff) || (head[0] === 0xff && head[1] === 0xfe) || head[0] === 0 || head[1] === 0) {
    throw new XmlRefused('xmlEncoding');
  }
  const encoding = declaredEncoding(head) ?? 'utf-8';
  // windows-1251 Russian text is never valid UTF-8 (its letters are bytes ≥ 0xC0 in a row), so a head that is,
  // with letters past ASCII, was written in UTF-8 and declared wrongly. Checked up to a `>`: a character's end.
  if (encoding === 'windows-1251') {
    const upTo = head.lastIndexOf(0x3e) + 1;
    const part = head.subarray(0, upTo);
    if (part.some((byte) => byte >= 0x80) && isUtf8(part)) throw new XmlRefused('xmlEncodingMismatch');
  }
  return { encoding, skip: 0 };
}

/** The encoding the XML declaration names; undefined without a declaration or without its encoding. */
function declaredEncoding(head: Buffer): Encoding | undefined {
  const start = head.subarray(0, 6).toString('latin1');
  if (!/^<\?xml[\s]/.test(start)) return undefined;
  const end = head.indexOf('?>');
  if (end < 0) throw new XmlRefused('xmlMalformed');
  const declaration = head.subarray(0, end).toString('latin1');
  const label = /\sencoding\s*=\s*["']([^"']*)["']/.exec(declaration)?.[1];
  if (label === undefined) return undefined;
  const encoding = encodingNamed(label);
  if (!encoding) throw new XmlRefused('xmlEncoding');
  return encoding;
}

function refusalOf(err: unknown): XmlRefused {
  if (err instanceof XmlRefused) return err;
  // A strict TextDecoder met bytes the declared encoding cannot hold.
  if (err instanceof TypeError && (err as { code?: string }).code === 'ERR_ENCODING_INVALID_ENCODED_DATA') {
    return new XmlRefused('xmlEncodingMismatch');
  }
  const message = err instanceof Error ? err.message : '';
  // A well-formed entity name no one defined (&nbsp;, or one a refused DTD would have defined); a bare `&` is malformed.
  if (/undefined entity|doctype/i.test(message)) return new XmlRefused('xmlDoctype');
  return new XmlRefused('xmlMalformed');
}

/** The parser's own buffers (saxes keeps a text, a name or an entity being read in them): checked between writes. */
interface SaxesBuffers {
  text: string;
  name: string;
  entity: string;
  attribList: { value: string }[];
}

/**
 * Reads `input` (a Readable of bytes) and yields what `pick` asks for, in document order, after each chunk of
 * input: the next chunk is read only when the consumer asks for more. Stopping early (break, return) closes the input.
 */
export async function* readXml(input: AsyncIterable<Uint8Array | string>, options: XmlReadOptions): AsyncGenerator<XmlItem> {
  const maxBytes = options.maxBytes ?? EXCHANGE_1C_LIMITS.xmlBytes;
  const maxDepth = options.maxDepth ?? EXCHANGE_1C_LIMITS.xmlDepth;
  const maxText = options.maxTextChars ?? EXCHANGE_1C_LIMITS.xmlTextChars;
  const maxRecords = options.maxRecords ?? EXCHANGE_1C_LIMITS.recordsPerFile;
  const maxRecordNodes = options.maxRecordNodes ?? EXCHANGE_1C_XML_LIMITS.recordNodes;
  const maxRecordChars = options.maxRecordChars ?? EXCHANGE_1C_XML_LIMITS.recordChars;

  const parser = new SaxesParser<{ xmlns: false; position: false }>({ xmlns: false, position: false });
  const buffers = parser as unknown as SaxesBuffers;
  let queue: XmlItem[] = [];
  let depth = 0;
  const outer: string[] = [];
  let nodes: XmlNode[] = [];
  let recordPath = '';
  let recordNodes = 0;
  let recordChars = 0;
  let records = 0;

  parser.on('doctype', () => {
    throw new XmlRefused('xmlDoctype');
  });
  parser.on('opentag', (tag) => {
    if (++depth > maxDepth) throw new XmlRefused('xmlTooDeep');
    const name = localName(tag.name);
    let attributeCount = 0;
    let attributeChars = 0;
    for (const key in tag.attributes) {
      const length = tag.attributes[key].length;
      if (length > maxText) throw new XmlRefused('xmlTextTooLong');
      attributeCount++;
      attributeChars += key.length + length;
    }
    if (attributeCount > EXCHANGE_1C_XML_LIMITS.attributes) throw new XmlRefused('xmlTooManyAttributes');
    if (nodes.length > 0) {
      if (++recordNodes > maxRecordNodes) throw new XmlRefused('xmlRecordTooLarge');
      recordChars += attributeChars;
      if (recordChars > maxRecordChars) throw new XmlRefused('xmlRecordTooLarge');
      const node: XmlNode = { name, attributes: tag.attributes, children: [], text: '' };
      nodes[nodes.length - 1].children.push(node);
      nodes.push(node);
      return;
    }
    outer.push(name);
    const path = outer.join('/');
    const pick = options.pick(path);
    if (pick === 'open') queue.push({ kind: 'open', path, attributes: tag.attributes });
    else if (pick === 'collect') {
      nodes = [{ name, attributes: tag.attributes, children: [], text: '' }];
      recordPath = path;
      recordNodes = 1;
      recordChars = attributeChars;
      if (recordChars > maxRecordChars) throw new XmlRefused('xmlRecordTooLarge');
    }
  });
  parser.on('closetag', () => {
    depth--;
    if (nodes.length === 0) {
      outer.pop();
      return;
    }
    const node = nodes.pop()!;
    if (nodes.length > 0) return;
    outer.pop();
    if (++records > maxRecords) throw new XmlRefused('tooManyRecords');
    queue.push({ kind: 'record', path: recordPath, node });
  });
  const onText = (text: string) => {
    if (nodes.length === 0) return;
    const node = nodes[nodes.length - 1];
    if (node.text.length + text.length > maxText) throw new XmlRefused('xmlTextTooLong');
    recordChars += text.length;
    if (recordChars > maxRecordChars) throw new XmlRefused('xmlRecordTooLarge');
    node.text += text;
  };
  parser.on('text', onText);
  parser.on('cdata', onText);

  const write = (text: string) => {
    for (let at = 0; at < text.length; at += WRITE_CHARS) {
      parser.write(at === 0 && text.length <= WRITE_CHARS ? text : text.slice(at, at + WRITE_CHARS));
      if (buffers.text.length > maxText || buffers.name.length > maxText) throw new XmlRefused('xmlTextTooLong');
      // A `&` not followed by a name and `;` (an unescaped «Рога & Копыта»): the parser would read on to the next `;`.
      if (buffers.entity.length > MAX_ENTITY_NAME) throw new XmlRefused('xmlMalformed');
      const attributes = buffers.attribList;
      if (attributes.length > 0) {
        if (attributes.length > EXCHANGE_1C_XML_LIMITS.attributes) throw new XmlRefused('xmlTooManyAttributes');
        let chars = 0;
        for (const attribute of attributes) chars += attribute.value.length;
        if (chars > maxText) throw new XmlRefused('xmlTextTooLong');
      }
    }
  };

  let decoder: TextDecoder | undefined;
  let head: Buffer[] = [];
  let headBytes = 0;
  let bytes = 0;
  const start = () => {
    const whole = Buffer.concat(head);
    head = [];
    const { encoding, skip } = detectEncoding(whole);
    decoder = new TextDecoder(encoding, { fatal: true, ignoreBOM: true });
    feed(whole.subarray(skip));
  };
  const feed = (chunk: Uint8Array) => {
    for (let at = 0; at < chunk.length; at += DECODE_BYTES) {
      write(decoder!.decode(chunk.subarray(at, at + DECODE_BYTES), { stream: true }));
    }
  };

  // Only what the reader itself meets is a refusal; an input that fails (a file that cannot be read) keeps its error.
  let parsing = false;
  try {
    for await (const piece of input) {
      parsing = true;
      const chunk = typeof piece === 'string' ? Buffer.from(piece) : piece;
      bytes += chunk.length;
      if (bytes > maxBytes) throw new XmlRefused('xmlTooLarge');
      if (decoder) feed(chunk);
      else {
        head.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
        headBytes += chunk.length;
        if (headBytes >= HEAD_BYTES) start();
      }
      parsing = false;
      if (queue.length > 0) {
        const ready = queue;
        queue = [];
        yield* ready;
      }
    }
    parsing = true;
    if (!decoder) start();
    write(decoder!.decode());
    parser.close();
    parsing = false;
    yield* queue;
  } catch (err) {
    if (!parsing && !(err instanceof XmlRefused)) throw err;
    throw refusalOf(err);
  }
}

/** The first child element named `name`. */
export const xmlChild = (node: XmlNode, name: string): XmlNode | undefined => node.children.find((child) => child.name === name);

/** The child elements named `name`. */
export const xmlChildren = (node: XmlNode, name: string): XmlNode[] => node.children.filter((child) => child.name === name);

/** The trimmed text of the first child named `name`; null when it is absent or empty. */
export function xmlChildText(node: XmlNode, name: string): string | null {
  const text = xmlChild(node, name)?.text.trim();
  return text ? text : null;
}

import { SaxesParser } from 'saxes';
import { SheetFailure } from './sheet-types';

/** Handlers of a streamed XML part; names come without their namespace prefix (`x:row` is `row`). */
export interface XmlHandlers {
  open(name: string, attributes: Record<string, string>): void;
  text(text: string): void;
  close(name: string): void;
}

const localName = (name: string) => name.slice(name.indexOf(':') + 1);

/**
 * Feeds XML to a SAX parser chunk by chunk and yields after each chunk, so the caller can hand on what the
 * handlers built so far and stop at any point. Malformed XML (undefined entities included) is a corrupt file.
 */
export async function* parseXml(chunks: AsyncIterable<Buffer>, handlers: XmlHandlers): AsyncGenerator<void> {
  const parser = new SaxesParser<{ xmlns: false; position: false }>({ xmlns: false, position: false });
  parser.on('opentag', (tag) => handlers.open(localName(tag.name), tag.attributes));
  parser.on('closetag', (tag) => handlers.close(localName(tag.name)));
  parser.on('text', (text) => handlers.text(text));
  parser.on('cdata', (text) => handlers.text(text));
  const decoder = new TextDecoder();
  try {
    for await (const chunk of chunks) {
      parser.write(decoder.decode(chunk, { stream: true }));
      yield;
    }
    parser.write(decoder.decode());
    parser.close();
  } catch (err) {
    if (err instanceof SheetFailure) throw err;
    throw new SheetFailure('format');
  }
}

/** Reads a whole (small) part through the handlers. */
export async function readXml(chunks: AsyncIterable<Buffer>, handlers: XmlHandlers): Promise<void> {
  for await (const step of parseXml(chunks, handlers)) void step;
}

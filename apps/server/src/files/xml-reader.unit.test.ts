import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { EXCHANGE_1C_MSG, EXCHANGE_1C_XML_MSG } from '@b2b/contracts/exchange-1c';
import { encodeText } from '@/modules/exchange-1c/commerceml/windows-1251';
import { hostileXml, hugeXmlStream, type HostileKind } from '@/modules/exchange-1c/fixtures/hostile-xml';
import { readXml, XmlRefused, xmlChildText, type XmlItem, type XmlReadOptions } from './xml-reader';

const OFFER = 'КоммерческаяИнформация/ПакетПредложений/Предложения/Предложение';
const PACKAGE = 'КоммерческаяИнформация/ПакетПредложений';
const pick: XmlReadOptions['pick'] = (path) => (path === OFFER ? 'collect' : path === PACKAGE ? 'open' : undefined);

/** Bytes as a stream of `size`-byte chunks (1: every multi-byte character and the declaration split). */
const chunked = (bytes: Buffer, size = 64 * 1024) =>
  Readable.from(
    (function* () {
      for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
    })(),
  );

async function readAll(input: AsyncIterable<Uint8Array>, options: Partial<XmlReadOptions> = {}): Promise<XmlItem[]> {
  const items: XmlItem[] = [];
  for await (const item of readXml(input, { pick, ...options })) items.push(item);
  return items;
}

async function refusal(input: AsyncIterable<Uint8Array>, options: Partial<XmlReadOptions> = {}): Promise<XmlRefused> {
  try {
    await readAll(input, options);
  } catch (err) {
    expect(err).toBeInstanceOf(XmlRefused);
    return err as XmlRefused;
  }
  throw new Error('the document was not refused');
}

const DOC = `<?xml version="1.0" encoding="UTF-8"?>
<cml:КоммерческаяИнформация xmlns:cml="urn:1C.ru:commerceml_2" ВерсияСхемы="2.07">
  <cml:ПакетПредложений СодержитТолькоИзменения="true">
    <cml:Предложения>
      <cml:Предложение>
        <cml:Ид>a-1</cml:Ид>
        <cml:Наименование>Ёлка &amp; шары &#8470;5 &lt;новые&gt; <![CDATA[<б/у>]]></cml:Наименование>
        <cml:Склад ИдСклада="w1" КоличествоНаСкладе="3"/>
      </cml:Предложение>
      <cml:Предложение><cml:Ид>a-2</cml:Ид></cml:Предложение>
    </cml:Предложения>
  </cml:ПакетПредложений>
</cml:КоммерческаяИнформация>
`;

describe('readXml', () => {
  it('yields the elements asked for: opened with their attributes, collected whole with texts and entities resolved', async () => {
    const items = await readAll(chunked(Buffer.from(DOC)));
    expect(items.map((item) => [item.kind, item.path])).toEqual([
      ['open', PACKAGE],
      ['record', OFFER],
      ['record', OFFER],
    ]);
    expect(items[0].kind === 'open' && items[0].attributes).toEqual({ СодержитТолькоИзменения: 'true' });
    const first = items[1].kind === 'record' ? items[1].node : undefined;
    expect(first?.name).toBe('Предложение');
    expect(xmlChildText(first!, 'Наименование')).toBe('Ёлка & шары №5 <новые> <б/у>');
    expect(first?.children.map((child) => child.name)).toEqual(['Ид', 'Наименование', 'Склад']);
    expect(first?.children[2].attributes).toEqual({ ИдСклада: 'w1', КоличествоНаСкладе: '3' });
  });

  it('reads the same document fed byte by byte (characters and the declaration split between chunks)', async () => {
    const whole = await readAll(chunked(Buffer.from(DOC)));
    expect(await readAll(chunked(Buffer.from(DOC), 1))).toEqual(whole);
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(DOC)]);
    expect(await readAll(chunked(bom, 1))).toEqual(whole);
  });

  it('decodes windows-1251 as declared, byte by byte too', async () => {
    const doc = DOC.replace('encoding="UTF-8"', 'encoding="windows-1251"').replace('&#8470;', '№');
    const bytes = encodeText(doc, 'windows-1251');
    expect(bytes.length).toBeLessThan(Buffer.byteLength(doc));
    for (const size of [1, 7, 64 * 1024]) {
      const items = await readAll(chunked(bytes, size));
      const offer = items[1].kind === 'record' ? items[1].node : undefined;
      expect(xmlChildText(offer!, 'Наименование')).toBe('Ёлка & шары №5 <новые> <б/у>');
    }
  });

  it('reads a document without a declaration as UTF-8', async () => {
    const items = await readAll(chunked(Buffer.from(DOC.slice(DOC.indexOf('\n') + 1))));
    expect(items).toHaveLength(3);
  });

  const kinds = Object.keys(hostileXml) as HostileKind[];
  it.each(kinds)('refuses the hostile document «%s» with its Russian reason', async (kind) => {
    const { reason, bytes } = hostileXml[kind];
    for (const size of [64 * 1024, 3]) {
      if (size === 3 && bytes().length > 200_000) continue;
      const err = await refusal(chunked(bytes(), size), {
        pick: (path) => {
          if (!path.startsWith('КоммерческаяИнформация')) throw new XmlRefused('xmlNotCommerceMl');
          return pick(path);
        },
      });
      expect(err.reason).toBe(reason);
      expect(err.message).toBe({ ...EXCHANGE_1C_MSG, ...EXCHANGE_1C_XML_MSG }[reason]);
      expect(err.message).not.toMatch(/root:|lol/);
    }
  });

  it('never expands an entity: billion laughs is refused at its DOCTYPE before any offer', async () => {
    const seen: string[] = [];
    await expect(
      (async () => {
        for await (const item of readXml(chunked(hostileXml.billionLaughs.bytes()), { pick })) seen.push(item.path);
      })(),
    ).rejects.toThrow(EXCHANGE_1C_MSG.xmlDoctype);
    expect(seen).toEqual([]);
  });

  it.each([
    ['text', 'xmlTextTooLong'],
    ['comment', 'xmlTextTooLong'],
    ['nesting', 'xmlTooDeep'],
  ] as const)('refuses a 1 GB stream of an endless %s after reading a few MB of it', async (shape, reason) => {
    const huge = hugeXmlStream(shape);
    const err = await refusal(huge.stream);
    expect(err.reason).toBe(reason);
    expect(huge.produced()).toBeLessThan(4 * 1024 * 1024);
    expect(huge.stream.destroyed).toBe(true);
  });

  it('refuses a well-formed stream past the byte cap as soon as the cap is passed', async () => {
    const huge = hugeXmlStream('offers');
    const err = await refusal(huge.stream, { maxBytes: 2 * 1024 * 1024 });
    expect(err.reason).toBe('xmlTooLarge');
    expect(huge.produced()).toBeLessThan(3 * 1024 * 1024);
    // The same stream under the cap is read whole.
    const small = hugeXmlStream('offers', 1024 * 1024);
    const items = await readAll(small.stream, { maxBytes: 2 * 1024 * 1024 });
    expect(items.filter((item) => item.kind === 'record').length).toBeGreaterThan(1000);
  });

  it('caps the records of a file and the elements of one record', async () => {
    const offers = Array.from({ length: 5 }, (_, i) => `<Предложение><Ид>${i}</Ид><a/><a/></Предложение>`).join('');
    const doc = Buffer.from(
      `<КоммерческаяИнформация><ПакетПредложений><Предложения>${offers}</Предложения></ПакетПредложений></КоммерческаяИнформация>`,
    );
    expect((await refusal(chunked(doc), { maxRecords: 4 })).reason).toBe('tooManyRecords');
    expect(await readAll(chunked(doc), { maxRecords: 5 })).toHaveLength(6);
    expect((await refusal(chunked(doc), { maxRecordNodes: 3 })).reason).toBe('xmlRecordTooLarge');
  });

  it('passes an input’s own failure on as it is (a file that cannot be read is no malformed XML)', async () => {
    const failing = new Readable({
      read() {
        this.push(Buffer.from('<КоммерческаяИнформация><ПакетПредложений>'));
        this.destroy(Object.assign(new Error('EIO: i/o error, read'), { code: 'EIO' }));
      },
    });
    await expect(readAll(failing)).rejects.toMatchObject({ code: 'EIO' });
    await expect(readAll(createReadStream('/nonexistent/offers.xml'))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('reads on only as the consumer asks, and closes the input when it stops', async () => {
    const huge = hugeXmlStream('offers');
    let records = 0;
    for await (const item of readXml(huge.stream, { pick })) {
      if (item.kind === 'record') records++;
      if (records === 10) break;
    }
    expect(huge.produced()).toBeLessThan(1024 * 1024);
    expect(huge.stream.destroyed).toBe(true);
  });
});

import type { Readable } from 'node:stream';
import { readXml, XmlRefused, xmlChildren, xmlChildText, type XmlItem, type XmlNode } from '@/files/xml-reader';
import type { OfferIn, OffersHeaderIn } from './commerceml-types';
import { addPriceTypes, addWarehouses, CML_ROOT, cmlBarcodes, cmlPick, cmlTrue } from './read-common';

/**
 * offers.xml, and 1C 8.3's split files of CommerceML 2.08–2.10 (offers0_1.xml, prices0_1.xml, rests0_1.xml) → the
 * package's header, then its offers, streamed.
 *
 * How to use it:
 *
 *     const { header, offers } = await readOffers(stream);   // reads up to the first Предложение
 *     for await (const offer of offers) { … }                // batches of 1,000 are the caller's
 *
 * `readOffers` resolves once the header is read (ТипыЦен, Склады and СодержитТолькоИзменения come before
 * Предложения in every version), so the caller can check the price mapping before a single offer. Iterate `offers`
 * to its end, or stop its loop (break), or call `close()` when not reading the offers at all: each closes the input. Any refusal (malformed XML, a DTD, a cap,
 * not CommerceML, no ПакетПредложений) rejects `readOffers` or throws from the loop as an XmlRefused, whose
 * `message` is the Russian reason for 1C's `failure` line.
 *
 * What is read, as 1C writes it:
 * - СодержитТолькоИзменения: an attribute of ПакетПредложений (2.08+) or its child element (2.03–2.07);
 *   ИзмененияПакетаПредложений (2.04's name for a package of changes) means changes only.
 * - ТипыЦен/ТипЦены and Склады/Склад of the package (and of a Классификатор in the same file, where 2.10 may put
 *   them); Склад as elements (Ид, Наименование) or attributes.
 * - Предложение: Ид (GUID, «GUID#characteristic» for a characteristic), Артикул, Штрихкод, Наименование,
 *   Цены/Цена (ИдТипаЦены, ЦенаЗаЕдиницу, Валюта) as written, Количество as written; per warehouse
 *   `<Склад ИдСклада="…" КоличествоНаСкладе="…"/>` (2.07; an empty КоличествоНаСкладе, which 1C writes for no stock,
 *   is read as "0") or Остатки/Остаток/Склад (Ид, Количество) of 2.10's rests file; Остатки/Остаток/Количество
 *   without a warehouse is the offer's Количество. An offer without Ид is skipped.
 * A file of the split kind carries only part of an offer (offers0_1: names; prices0_1: Цены; rests0_1: Остатки):
 * the rest is left empty (prices [], quantity null, warehouses []), never made up.
 */

export interface OffersPackage {
  header: OffersHeaderIn;
  offers: AsyncGenerator<OfferIn>;
  /** Closes the input without reading the offers (the caller refuses the package on its header). */
  close(): Promise<void>;
}

const PACKAGES = ['ПакетПредложений', 'ИзмененияПакетаПредложений'];
const PICKS: Record<string, 'open' | 'collect'> = {
  [CML_ROOT]: 'open',
  [`${CML_ROOT}/Классификатор/ТипыЦен`]: 'collect',
  [`${CML_ROOT}/Классификатор/Склады`]: 'collect',
};
for (const name of PACKAGES) {
  const at = `${CML_ROOT}/${name}`;
  PICKS[at] = 'open';
  PICKS[`${at}/СодержитТолькоИзменения`] = 'collect';
  PICKS[`${at}/ТипыЦен`] = 'collect';
  PICKS[`${at}/Склады`] = 'collect';
  PICKS[`${at}/Предложения`] = 'open';
  PICKS[`${at}/Предложения/Предложение`] = 'collect';
}
const isOffer = (item: XmlItem) => item.kind === 'record' && item.path.endsWith('/Предложение');

export async function readOffers(input: Readable | AsyncIterable<Uint8Array>): Promise<OffersPackage> {
  const items = readXml(input, { pick: cmlPick(PICKS) });
  const header: OffersHeaderIn = { changesOnly: false, priceTypes: [], warehouses: [], schemaVersion: null };
  let inPackage = false;
  try {
    for (;;) {
      const next = await items.next();
      if (next.done) break;
      const item = next.value;
      const name = item.path.slice(item.path.lastIndexOf('/') + 1);
      if (item.kind === 'open') {
        if (item.path === CML_ROOT) header.schemaVersion = item.attributes['ВерсияСхемы']?.trim() || null;
        else if (name === 'Предложения') break;
        else {
          inPackage = true;
          if (name === 'ИзмененияПакетаПредложений' || cmlTrue(item.attributes['СодержитТолькоИзменения'])) {
            header.changesOnly = true;
          }
        }
      } else if (name === 'СодержитТолькоИзменения') {
        if (cmlTrue(item.node.text)) header.changesOnly = true;
      } else if (name === 'ТипыЦен') addPriceTypes(header.priceTypes, item.node);
      else if (name === 'Склады') addWarehouses(header.warehouses, item.node);
    }
  } catch (err) {
    await items.return(undefined);
    throw err;
  }
  if (!inPackage) {
    await items.return(undefined);
    throw new XmlRefused('noOffersPackage');
  }
  return {
    header,
    offers: offersOf(items),
    close: async () => {
      await items.return(undefined);
    },
  };
}

async function* offersOf(items: AsyncGenerator<XmlItem>): AsyncGenerator<OfferIn> {
  try {
    for (;;) {
      const next = await items.next();
      if (next.done) return;
      if (!isOffer(next.value) || next.value.kind !== 'record') continue;
      const offer = offerOf(next.value.node);
      if (offer) yield offer;
    }
  } finally {
    await items.return(undefined);
  }
}

export function offerOf(node: XmlNode): OfferIn | null {
  const id = xmlChildText(node, 'Ид');
  if (!id) return null;
  const offer: OfferIn = {
    id,
    article: xmlChildText(node, 'Артикул'),
    barcodes: cmlBarcodes(node),
    name: xmlChildText(node, 'Наименование'),
    prices: [],
    quantity: xmlChildText(node, 'Количество'),
    warehouses: [],
  };
  for (const child of node.children) {
    if (child.name === 'Цены') {
      for (const price of xmlChildren(child, 'Цена')) {
        offer.prices.push({
          priceTypeId: xmlChildText(price, 'ИдТипаЦены') ?? '',
          value: xmlChildText(price, 'ЦенаЗаЕдиницу') ?? '',
          currency: xmlChildText(price, 'Валюта'),
        });
      }
    } else if (child.name === 'Склад' || child.name === 'Склады') {
      const warehouseId = child.attributes['ИдСклада']?.trim();
      if (warehouseId) offer.warehouses.push({ warehouseId, quantity: child.attributes['КоличествоНаСкладе']?.trim() || '0' });
    } else if (child.name === 'Остатки') {
      for (const rest of xmlChildren(child, 'Остаток')) readRest(offer, rest);
    }
  }
  return offer;
}

/** 2.10's Остаток: a Склад (Ид, Количество) per warehouse, or a Количество for the offer as a whole. */
function readRest(offer: OfferIn, rest: XmlNode) {
  const warehouses = xmlChildren(rest, 'Склад');
  for (const warehouse of warehouses) {
    const warehouseId = xmlChildText(warehouse, 'Ид');
    if (warehouseId) offer.warehouses.push({ warehouseId, quantity: xmlChildText(warehouse, 'Количество') ?? '0' });
  }
  const quantity = xmlChildText(rest, 'Количество');
  if (warehouses.length === 0 && quantity !== null && offer.quantity === null) offer.quantity = quantity;
}

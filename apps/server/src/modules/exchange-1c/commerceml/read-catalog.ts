import type { Readable } from 'node:stream';
import { readXml, xmlChildText, type XmlNode } from '@/files/xml-reader';
import type { CatalogProductIn, PriceTypeIn, WarehouseIn } from './commerceml-types';
import { addPriceTypes, addWarehouses, CML_ROOT, cmlBarcodes, cmlPick, cmlRequisites } from './read-common';

/**
 * import.xml (import0_1.xml, …) → its products, streamed: Каталог/Товары/Товар as CatalogProductIn, one at a time.
 * The Классификатор's groups and properties are skipped (the platform's sections are its own); its ТипыЦен and
 * Склады, where CommerceML 2.08+ puts them (1C 8.3 may then leave them out of prices0_1.xml and rests0_1.xml),
 * are handed to `onClassifier` before the first product, when the caller asks. A Товар without Ид is skipped
 * (nothing can refer to it). Refusals throw XmlRefused (Russian message).
 */

export interface CatalogReadOptions {
  onClassifier?(classifier: { priceTypes: PriceTypeIn[]; warehouses: WarehouseIn[] }): void;
}

const PRODUCT = `${CML_ROOT}/Каталог/Товары/Товар`;
const PRICE_TYPES = `${CML_ROOT}/Классификатор/ТипыЦен`;
const WAREHOUSES = `${CML_ROOT}/Классификатор/Склады`;
const CLASSIFIER_END = `${CML_ROOT}/Каталог`;

export async function* readCatalog(input: Readable | AsyncIterable<Uint8Array>, options: CatalogReadOptions = {}): AsyncGenerator<CatalogProductIn> {
  const picks: Record<string, 'open' | 'collect'> = { [PRODUCT]: 'collect' };
  if (options.onClassifier) Object.assign(picks, { [PRICE_TYPES]: 'collect', [WAREHOUSES]: 'collect', [CLASSIFIER_END]: 'open' });
  const priceTypes: PriceTypeIn[] = [];
  const warehouses: WarehouseIn[] = [];
  let told = false;
  const tell = () => {
    if (told || !options.onClassifier) return;
    told = true;
    options.onClassifier({ priceTypes, warehouses });
  };
  for await (const item of readXml(input, { pick: cmlPick(picks) })) {
    if (item.kind === 'open') tell();
    else if (item.path === PRICE_TYPES) addPriceTypes(priceTypes, item.node);
    else if (item.path === WAREHOUSES) addWarehouses(warehouses, item.node);
    else {
      tell();
      const product = catalogProduct(item.node);
      if (product) yield product;
    }
  }
  tell();
}

export function catalogProduct(node: XmlNode): CatalogProductIn | null {
  const id = xmlChildText(node, 'Ид');
  if (!id) return null;
  const requisites = cmlRequisites(node);
  return {
    id,
    article: xmlChildText(node, 'Артикул'),
    code: xmlChildText(node, 'Код') ?? (requisites['Код'] || null),
    name: xmlChildText(node, 'Наименование'),
    barcodes: cmlBarcodes(node, requisites),
  };
}

import type { Readable } from 'node:stream';
import { readXml, xmlChildText, type XmlNode } from '@/files/xml-reader';
import type { CatalogProductIn } from './commerceml-types';
import { CML_ROOT, cmlBarcodes, cmlPick, cmlRequisites } from './read-common';

/**
 * import.xml (import0_1.xml, …) → its products, streamed: Каталог/Товары/Товар as CatalogProductIn, one at a time.
 * The Классификатор (groups, properties, price types) is skipped: the platform's sections are its own. A Товар
 * without Ид is skipped (nothing can refer to it). Refusals throw XmlRefused (Russian message).
 */

const PRODUCT = `${CML_ROOT}/Каталог/Товары/Товар`;

export async function* readCatalog(input: Readable | AsyncIterable<Uint8Array>): AsyncGenerator<CatalogProductIn> {
  for await (const item of readXml(input, { pick: cmlPick({ [PRODUCT]: 'collect' }) })) {
    if (item.kind !== 'record') continue;
    const product = catalogProduct(item.node);
    if (product) yield product;
  }
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

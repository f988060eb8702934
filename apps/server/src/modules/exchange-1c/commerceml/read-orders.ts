import type { Readable } from 'node:stream';
import { readXml, xmlChildText, type XmlNode } from '@/files/xml-reader';
import type { OrderDocumentIn } from './commerceml-types';
import { CML_ROOT, cmlPick, cmlRequisites, cmlTrue } from './read-common';

/**
 * 1C's orders file (type=sale, mode=file + import) → its order documents, streamed. 1C writes each order as a
 * Документ under the root (CommerceML 2.03–2.08) or under Контейнер (2.09–2.10, one Контейнер per order with its
 * related documents). Only orders are read: a Документ whose ХозОперация is another operation (a payment, a
 * shipment sent along in the same Контейнер) is skipped, as is one without Ид. Deleted: ПометкаУдаления as an
 * element or a requisite. Refusals throw XmlRefused (Russian message).
 */

const ORDER_OPERATION = 'заказ товара';
const PICKS = {
  [`${CML_ROOT}/Документ`]: 'collect',
  [`${CML_ROOT}/Контейнер/Документ`]: 'collect',
} as const;

export async function* readOrderDocuments(input: Readable | AsyncIterable<Uint8Array>): AsyncGenerator<OrderDocumentIn> {
  for await (const item of readXml(input, { pick: cmlPick(PICKS) })) {
    if (item.kind !== 'record') continue;
    const document = orderDocument(item.node);
    if (document) yield document;
  }
}

export function orderDocument(node: XmlNode): OrderDocumentIn | null {
  const id = xmlChildText(node, 'Ид');
  if (!id) return null;
  const operation = xmlChildText(node, 'ХозОперация');
  if (operation && operation.toLowerCase() !== ORDER_OPERATION) return null;
  const requisites = cmlRequisites(node);
  return {
    id,
    number: xmlChildText(node, 'Номер'),
    requisites,
    comment: xmlChildText(node, 'Комментарий'),
    deleted: cmlTrue(xmlChildText(node, 'ПометкаУдаления')) || cmlTrue(requisites['ПометкаУдаления']),
  };
}

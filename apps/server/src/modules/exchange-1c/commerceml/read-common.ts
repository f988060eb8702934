import { XmlRefused, xmlChild, xmlChildren, xmlChildText, type XmlNode } from '@/files/xml-reader';
import type { PriceTypeIn, WarehouseIn } from './commerceml-types';

/** What the CommerceML readers share: the root element, 1C's booleans, requisites and barcodes. */

export const CML_ROOT = 'КоммерческаяИнформация';

/** A `pick` for readXml: the paths asked for; a document whose root is not КоммерческаяИнформация is refused. */
export function cmlPick(picks: Record<string, 'open' | 'collect'>) {
  return (path: string) => {
    if (path === CML_ROOT) return picks[path];
    if (!path.startsWith(`${CML_ROOT}/`)) throw new XmlRefused('xmlNotCommerceMl');
    return picks[path];
  };
}

/** 1C writes `true`/`false`; older exchange modules `1`/`0` or «Да»/«Нет». */
export const cmlTrue = (value: string | null | undefined) => /^\s*(true|1|да)\s*$/i.test(value ?? '');

const text = (node: XmlNode | undefined) => node?.text.trim() ?? '';

/** ЗначенияРеквизитов/ЗначениеРеквизита: Наименование → Значение (the first, trimmed); the first of a name wins. */
export function cmlRequisites(node: XmlNode): Record<string, string> {
  const requisites: Record<string, string> = {};
  for (const list of xmlChildren(node, 'ЗначенияРеквизитов')) {
    for (const requisite of xmlChildren(list, 'ЗначениеРеквизита')) {
      const name = text(xmlChild(requisite, 'Наименование'));
      if (name && !Object.hasOwn(requisites, name)) requisites[name] = text(xmlChild(requisite, 'Значение'));
    }
  }
  return requisites;
}

/** Штрихкод elements (1C writes one or several; some exchange modules spell it ШтрихКод), and a requisite «Штрихкод». */
export function cmlBarcodes(node: XmlNode, requisites?: Record<string, string>): string[] {
  const found = new Set<string>();
  for (const child of node.children) {
    if (child.name === 'Штрихкод' || child.name === 'ШтрихКод') {
      const value = child.text.trim();
      if (value) found.add(value);
    }
  }
  const requisite = requisites?.['Штрихкод'] ?? requisites?.['ШтрихКод'];
  if (requisite) found.add(requisite);
  return [...found];
}

/** ТипыЦен/ТипЦены into `into`, each Ид once. */
export function addPriceTypes(into: PriceTypeIn[], list: XmlNode) {
  for (const type of xmlChildren(list, 'ТипЦены')) {
    const id = xmlChildText(type, 'Ид');
    if (!id || into.some((known) => known.id === id)) continue;
    into.push({ id, name: xmlChildText(type, 'Наименование') ?? id, currency: xmlChildText(type, 'Валюта') });
  }
}

/** Склады/Склад (as elements Ид, Наименование or as attributes) into `into`, each Ид once. */
export function addWarehouses(into: WarehouseIn[], list: XmlNode) {
  for (const warehouse of xmlChildren(list, 'Склад')) {
    const id = xmlChildText(warehouse, 'Ид') ?? (warehouse.attributes['Ид']?.trim() || null);
    if (!id || into.some((known) => known.id === id)) continue;
    const name = xmlChildText(warehouse, 'Наименование') ?? (warehouse.attributes['Наименование']?.trim() || null);
    into.push({ id, name });
  }
}

import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SaxesParser } from 'saxes';

/* Test helpers (not a test file): the sale query's document validated by xmllint and read back into plain records. */

export const ORDERS_XSD = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'commerceml-orders.xsd');

/** xmllint's verdict on the document against fixtures/commerceml-orders.xsd (the body piped as 1C receives it). */
export function validateSaleDocument(body: Buffer): { valid: boolean; output: string } {
  const run = spawnSync('xmllint', ['--noout', '--nonet', '--schema', ORDERS_XSD, '-'], { input: body, maxBuffer: 64 * 1024 * 1024 });
  return { valid: run.status === 0, output: `${run.stdout}${run.stderr}` };
}

interface Node {
  name: string;
  attributes: Record<string, string>;
  children: Node[];
  text: string;
}

/** The charset the XML declaration names (the body's bytes are decoded in it). */
export function declaredEncoding(body: Buffer): string {
  const head = body.subarray(0, 100).toString('latin1');
  return /encoding="([^"]+)"/.exec(head)?.[1] ?? 'UTF-8';
}

function parseTree(body: Buffer): Node {
  const text = new TextDecoder(declaredEncoding(body)).decode(body);
  const parser = new SaxesParser({ xmlns: false, position: false });
  const root: Node = { name: '#root', attributes: {}, children: [], text: '' };
  const stack = [root];
  parser.on('opentag', (tag) => {
    const node: Node = { name: tag.name, attributes: tag.attributes as Record<string, string>, children: [], text: '' };
    stack[stack.length - 1].children.push(node);
    stack.push(node);
  });
  parser.on('closetag', () => void stack.pop());
  parser.on('text', (t) => (stack[stack.length - 1].text += t));
  parser.write(text).close();
  return root.children[0];
}

const child = (node: Node | undefined, name: string) => node?.children.find((c) => c.name === name);
const children = (node: Node | undefined, name: string) => node?.children.filter((c) => c.name === name) ?? [];
const textOf = (node: Node | undefined, name: string) => child(node, name)?.text ?? null;
const requisitesOf = (node: Node | undefined) =>
  Object.fromEntries(
    children(child(node, 'ЗначенияРеквизитов'), 'ЗначениеРеквизита').map((r) => [textOf(r, 'Наименование')!, textOf(r, 'Значение')!]),
  );

export interface SaleLineIn {
  id: string;
  article: string | null;
  name: string;
  unit: { text: string; attributes: Record<string, string> };
  price: string;
  quantity: string;
  sum: string;
  requisites: Record<string, string>;
}

export interface SaleDocumentIn {
  id: string;
  number: string;
  date: string;
  time: string;
  operation: string;
  role: string;
  currency: string;
  rate: string;
  total: string;
  comment: string | null;
  client: {
    id: string;
    name: string;
    fullName: string;
    inn: string | null;
    role: string;
    address: string | null;
    contacts: Record<string, string>;
    person: string | null;
  };
  lines: SaleLineIn[];
  requisites: Record<string, string>;
}

/** The document as 1C reads it: its header and each Документ's fields, lines and requisites. */
export function readSaleDocument(body: Buffer): { root: string; attributes: Record<string, string>; documents: SaleDocumentIn[] } {
  const root = parseTree(body);
  return {
    root: root.name,
    attributes: root.attributes,
    documents: children(root, 'Документ').map((d) => {
      const c = child(child(d, 'Контрагенты'), 'Контрагент');
      return {
        id: textOf(d, 'Ид')!,
        number: textOf(d, 'Номер')!,
        date: textOf(d, 'Дата')!,
        time: textOf(d, 'Время')!,
        operation: textOf(d, 'ХозОперация')!,
        role: textOf(d, 'Роль')!,
        currency: textOf(d, 'Валюта')!,
        rate: textOf(d, 'Курс')!,
        total: textOf(d, 'Сумма')!,
        comment: textOf(d, 'Комментарий'),
        client: {
          id: textOf(c, 'Ид')!,
          name: textOf(c, 'Наименование')!,
          fullName: textOf(c, 'ПолноеНаименование')!,
          inn: textOf(c, 'ИНН'),
          role: textOf(c, 'Роль')!,
          address: textOf(child(c, 'АдресРегистрации'), 'Представление'),
          contacts: Object.fromEntries(children(child(c, 'Контакты'), 'Контакт').map((k) => [textOf(k, 'Тип')!, textOf(k, 'Значение')!])),
          person: textOf(child(child(child(c, 'Представители'), 'Представитель'), 'Контрагент'), 'Наименование'),
        },
        lines: children(child(d, 'Товары'), 'Товар').map((t) => ({
          id: textOf(t, 'Ид')!,
          article: textOf(t, 'Артикул'),
          name: textOf(t, 'Наименование')!,
          unit: { text: child(t, 'БазоваяЕдиница')!.text, attributes: child(t, 'БазоваяЕдиница')!.attributes },
          price: textOf(t, 'ЦенаЗаЕдиницу')!,
          quantity: textOf(t, 'Количество')!,
          sum: textOf(t, 'Сумма')!,
          requisites: requisitesOf(t),
        })),
        requisites: requisitesOf(d),
      };
    }),
  };
}

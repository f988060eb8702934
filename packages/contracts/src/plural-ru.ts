/** Russian plural forms: [one, few, many], e.g. ['заказ', 'заказа', 'заказов']. */
export type PluralForms = readonly [one: string, few: string, many: string];

/** The forms back-office.md §9 names. */
export const PLURAL = {
  order: ['заказ', 'заказа', 'заказов'],
  ruble: ['рубль', 'рубля', 'рублей'],
  point: ['балл', 'балла', 'баллов'],
  product: ['товар', 'товара', 'товаров'],
  client: ['клиент', 'клиента', 'клиентов'],
  position: ['позиция', 'позиции', 'позиций'],
} as const satisfies Record<string, PluralForms>;

/** Picks the form for n: 1, 21 → one; 2–4, 22–24 → few; 0, 5–20, 25… → many; a fraction → few. */
export function pluralRu(n: number, forms: PluralForms): string {
  if (!Number.isInteger(n)) return forms[1];
  const abs = Math.abs(n);
  const lastTwo = abs % 100;
  const last = abs % 10;
  if (lastTwo >= 11 && lastTwo <= 14) return forms[2];
  if (last === 1) return forms[0];
  if (last >= 2 && last <= 4) return forms[1];
  return forms[2];
}

/** A whole number with its thousands apart, as ru-RU writes them: 2934 → «2 934» (issue 38.8). */
export const groupThousands = (n: number): string =>
  Number.isInteger(n) ? `${n < 0 ? '-' : ''}${String(Math.abs(n)).replace(/\B(?=(\d{3})+$)/g, ' ')}` : String(n);

/** "5 заказов", "21 клиент", "2 934 товара". */
export function countRu(n: number, forms: PluralForms): string {
  return `${groupThousands(n)} ${pluralRu(n, forms)}`;
}

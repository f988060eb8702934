import type { Exchange1cSaveInput, Exchange1cSettingsAnswer } from '@b2b/contracts/exchange-1c';
import type { OrderStatus } from '@b2b/contracts/limits';

/** A row of the mapping table: a price type 1C has sent (`seen`), or one added by name, and its list or column. */
export interface PriceRow {
  typeId: string;
  typeName: string;
  seen: boolean;
  priceListId?: number;
}

export interface ExchangeValues {
  login: string;
  password: string;
  statuses: OrderStatus[];
  price_map: PriceRow[];
}

const sameName = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** The types 1C sent last (with their mapping), then the mapped types it has not sent (added by name). */
export function exchangeValues(data: Exchange1cSettingsAnswer): ExchangeValues {
  const mapped = [...data.PRICE_MAP];
  const rows: PriceRow[] = data.PRICE_TYPES_SEEN.map((t) => {
    const i = mapped.findIndex((m) => m.TYPE_ID === t.ID || sameName(m.TYPE_NAME, t.NAME));
    const [m] = i >= 0 ? mapped.splice(i, 1) : [];
    return { typeId: t.ID, typeName: t.NAME, seen: true, priceListId: m?.PRICE_LIST_ID };
  });
  for (const m of mapped) rows.push({ typeId: m.TYPE_ID, typeName: m.TYPE_NAME, seen: false, priceListId: m.PRICE_LIST_ID });
  return { login: data.LOGIN ?? '', password: '', statuses: data.STATUSES, price_map: rows };
}

export interface ExchangePayload {
  body: Exchange1cSaveInput;
  /** The form row of each price_map row sent (rows of 1C's types left unmapped are not sent). */
  rowOf: number[];
}

/**
 * What the form saves: the login once there is one, the password only when typed (empty keeps it), the statuses and
 * the mapping whole ('' for none). A type added by name is sent by its name: the server takes its Ид from 1C's types.
 */
export function exchangePayload(values: ExchangeValues, stored: Pick<Exchange1cSettingsAnswer, 'LOGIN'>): ExchangePayload {
  const rowOf: number[] = [];
  const rows = (values.price_map ?? []).flatMap((row, i) => {
    if (row.seen && row.priceListId == null) return [];
    rowOf.push(i);
    const byName = !row.seen && row.typeId === row.typeName;
    return [
      {
        type_id: byName ? '' : row.typeId,
        type_name: (row.typeName ?? '').trim(),
        price_list_id: row.priceListId == null ? '' : String(row.priceListId),
      },
    ];
  });
  const login = (values.login ?? '').trim();
  return {
    body: {
      ...(login || stored.LOGIN ? { login } : {}),
      ...(values.password ? { password: values.password } : {}),
      statuses: values.statuses?.length ? values.statuses : '',
      price_map: rows.length ? rows : '',
    },
    rowOf,
  };
}

export type FieldPath = (string | number)[];

/** `price_map[2][price_list_id]` of the sent rows → the form's ['price_map', <form row>, 'priceListId']; others by name. */
export function exchangeErrorPath(key: string, rowOf: number[]): FieldPath | undefined {
  const cell = /^price_map\[(\d+)\]\[(type_id|type_name|price_list_id)\]$/.exec(key);
  if (cell) {
    const row = rowOf[Number(cell[1])];
    if (row === undefined) return undefined;
    return ['price_map', row, cell[2] === 'price_list_id' ? 'priceListId' : 'typeName'];
  }
  return ['login', 'password', 'statuses'].includes(key) ? [key] : undefined;
}

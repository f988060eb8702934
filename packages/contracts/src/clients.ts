import { z } from 'zod';
import { LIMITS } from './limits';
import { MSG } from './messages';
import { filterDate, type OrderStatusRef } from './orders';

/*
 * Clients and client groups: the wire contract of /v3/api/partner/client/…, /blacklist/, /grouplist/, /group/…
 * and /client_group/… (back-office.md §3, §4, §7). Server and web both use it.
 */

/** Every column of the client list; each one sorts on the server. */
export const CLIENT_SORTS = [
  'NAME',
  'PRICE_TYPE',
  'REGISTRATION_DATE',
  'ORDERS_COUNT',
  'ORDERS_AVERAGE',
  'ORDERS_SUM',
  'LAST_ORDER',
  'STATUS',
  'BALANCE',
  'CARD_CODE',
  'IS_AVAIL',
  'ENABLED',
  'ENABLED_DATE',
] as const;
export type ClientSort = (typeof CLIENT_SORTS)[number];

/** The columns of the loyalty part of the clients tab: ADMIN, LOYALTY and the owner only (§6). */
export const CLIENT_LOYALTY_SORTS: readonly ClientSort[] = ['STATUS', 'BALANCE', 'CARD_CODE', 'IS_AVAIL', 'ENABLED', 'ENABLED_DATE'];

export const GROUP_SORTS = ['ID', 'NAME', 'DESCRIPTION', 'CREATE_DATE', 'CLIENTS_COUNT'] as const;
export type GroupSort = (typeof GROUP_SORTS)[number];

/** Lengths the spec leaves open, chosen here: a group's name and description. */
export const GROUP_NAME_MAX = 100;
export const GROUP_DESCRIPTION_MAX = 1000;
/** At most this many clients in one blacklist or group call. */
export const CLIENT_BATCH_MAX = 1000;

const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const upper = (v: unknown) => (typeof v === 'string' ? v.toUpperCase() : v);

const order = z.preprocess(upper, z.enum(['ASC', 'DESC']).catch('DESC').default('DESC'));
const offset = z.coerce.number().int().min(0).max(10_000_000).catch(0).default(0);
const pageSize = (choices: readonly number[], fallback: number) =>
  z.coerce
    .number()
    .int()
    .refine((n) => choices.includes(n))
    .catch(fallback)
    .default(fallback);
const dates = {
  date_start: z.preprocess(emptyToUndefined, filterDate.optional()),
  date_end: z.preprocess(emptyToUndefined, filterDate.optional()),
};
const action = z.preprocess(emptyToUndefined, z.enum(['export']).optional());

/** GET /v3/api/partner/client/ query. Unknown sorts and page sizes fall back to the defaults. */
export const clientListQuerySchema = z.object({
  sort: z.preprocess(upper, z.enum(CLIENT_SORTS).catch('REGISTRATION_DATE').default('REGISTRATION_DATE')),
  order,
  limit: pageSize(LIMITS.pageSizeChoices, LIMITS.clientListPageSize),
  offset,
  ...dates,
  blacklist: z.preprocess((v) => emptyToUndefined(upper(v)), z.enum(['Y', 'N']).optional().catch(undefined)),
  /** Search in the name, INN, e-mail or phone, as the order list's query. */
  query: z.preprocess(emptyToUndefined, z.string().trim().max(200).optional()),
  action,
});
export type ClientListQuery = z.infer<typeof clientListQuerySchema>;

/** GET /v3/api/partner/client/short/ query: a picker's search text. */
export const clientShortQuerySchema = z.object({
  query: z.preprocess(emptyToUndefined, z.string().trim().max(200).optional()),
  limit: z.coerce.number().int().min(1).max(500).catch(50).default(50),
});

/**
 * GET /v3/api/partner/grouplist/ query. The sort is checked, not defaulted: an unknown one answers
 * `{ SUCCESS: "N", errors: { check_sort } }` (back-office.md §5).
 */
export const groupListQuerySchema = z.object({
  sort: z.preprocess((v) => emptyToUndefined(upper(v)), z.string().optional()),
  order,
  limit: pageSize(LIMITS.groupPageSizeChoices, LIMITS.groupPageSizeChoices[0]),
  offset,
  ...dates,
  /** Search in the group's name (the add-to-group picker searches on the server). */
  query: z.preprocess(emptyToUndefined, z.string().trim().max(200).optional()),
});

/** GET /v3/api/partner/group/{id}/ query: the group's clients, paged and sorted like the client list. */
export const groupClientsQuerySchema = clientListQuerySchema.extend({
  limit: pageSize(LIMITS.groupPageSizeChoices, LIMITS.groupPageSizeChoices[0]),
});

const clientIds = z.preprocess(
  (v) => (v === undefined || v === '' ? [] : Array.isArray(v) ? v : [v]),
  z.array(z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER)).max(CLIENT_BATCH_MAX),
);

/** POST /v3/api/partner/blacklist/: delete=Y blocks the clients, N restores them. */
export const blacklistBodySchema = z.object({
  clients: clientIds,
  delete: z.preprocess(upper, z.enum(['Y', 'N'])),
});

/** POST /v3/api/partner/group/ and /group/{id}/. */
export const groupBodySchema = z.object({
  groupName: z.preprocess((v) => (typeof v === 'string' ? v : ''), z.string().trim()),
  groupDescription: z.preprocess((v) => (typeof v === 'string' ? v : ''), z.string().trim()),
  clients: clientIds,
  delete: z.preprocess(upper, z.enum(['Y', 'N']).catch('N')).default('N'),
  action,
});

/** POST /v3/api/partner/client_group/{groupId}/: add the clients, or remove them with delete=Y. */
export const clientGroupBodySchema = z.object({
  clients: clientIds,
  delete: z.preprocess(upper, z.enum(['Y', 'N']).catch('N')).default('N'),
});

/**
 * POST /v3/api/partner/client/{id}/: price_type is a price list id ("personal_price" or the base list's id
 * for the base list); column_id is a price column id (0 removes the column). check=Y is what the spec's client
 * sends; it is accepted and changes nothing.
 */
export const clientPriceBodySchema = z.object({
  price_type: z.preprocess(emptyToUndefined, z.union([z.literal('personal_price'), z.coerce.number().int().positive()]).optional()),
  column_id: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).optional()),
  check: z.string().optional(),
});

export type YN = 'Y' | 'N';

export interface PriceRef {
  ID: number;
  NAME: string;
}

export interface LastOrder {
  ID: number;
  ORDER_NUMBER: string;
  CREATE_DATE: number;
  STATUS: OrderStatusRef;
}

/** A client's loyalty: IS_AVAIL N when it is not in the programme (or the partner's programme is off). */
export interface ClientLoyalty {
  IS_AVAIL: YN;
  ENABLED: YN | null;
  ENABLED_DATE: number | null;
  CARD_CODE: string | null;
  BALANCE: string | null;
  /** The loyalty status's title. */
  STATUS: string | null;
  DATE_STATUS_END: number | null;
}

/** One row of the client list (and of a group's client list). Money is a decimal string, dates Unix seconds. */
/**
 * A client row. The loyalty fields come only to roles with the loyalty part of the clients tab (and when the
 * programme is on), PRICE_TYPE and COLUMN only to roles that view a client's price type (back-office.md §6).
 */
export interface ClientListItem extends Partial<Omit<ClientLoyalty, 'DATE_STATUS_END'>> {
  ID: number;
  NAME: string;
  SHORT_NAME: string | null;
  INN: string | null;
  BLACKLIST: YN;
  NEW: YN;
  CURRENCY: string;
  REGISTRATION_DATE: number;
  /** The client's price list (the base list when none is set), its code and name. */
  PRICE_TYPE?: PriceRef & { CODE: string };
  /** The price column, or null. */
  COLUMN?: PriceRef | null;
  /** Orders that count: every status but CANCELED. */
  ORDERS_COUNT: number;
  ORDERS_SUM: string;
  ORDERS_AVERAGE: string;
  /** The latest order of any status. */
  LAST_ORDER: LastOrder | null;
  GROUP_CNT: number;
}

export interface ClientFile {
  ID: string;
  NAME: string;
  SIZE: number;
  MIME: string;
  URL: string;
}

/** GET /v3/api/partner/client/{id}/ */
export interface ClientCard extends ClientListItem {
  LEGAL_ENTITY: YN;
  HAS_INDIVIDUAL: YN;
  PHONE: string | null;
  EMAIL: string | null;
  ADDRESS: string | null;
  BLACKLIST_DATE: number | null;
  CLIENT_USER: { ID: number; EMAIL: string; NAME: string; MIDDLE_NAME: string; SURNAME: string; PHONE: string | null } | null;
  FILES: ClientFile[];
  GROUP: PriceRef[];
  /** Present when the partner's loyalty programme is on and the role sees the loyalty part of clients. */
  LOYALTY: ClientLoyalty | null;
  /** The choices of the price-type form; present for users with the view-price-type right. */
  PRICE_SETTINGS: { PRICE_TYPES: (PriceRef & { IS_BASE: YN })[]; COLUMNS: (PriceRef & { PARENT_ID: number | null })[] } | null;
}

/** GET /v3/api/partner/client/short/ */
export interface ClientShortItem {
  ID: number;
  NAME: string;
}

/** GET /v3/api/partner/client/{id}/prices/: the client's personal prices. */
export interface ClientPriceItem {
  PRODUCT_ID: number;
  UP_CODE_1C: string;
  NAME: string;
  PRICE: string;
  VALID_UNTIL: number | null;
}

/** A row of the group list. */
export interface GroupListItem {
  ID: number;
  GROUP_ID: number;
  NAME: string;
  DESCRIPTION: string | null;
  CREATE_DATE: number;
  CLIENTS_COUNT: number;
}

/** The answer of POST /v3/api/partner/client_group/{groupId}/. */
export interface ClientGroupAnswer {
  SUCCESS: YN;
  MESSAGE?: string;
  errors?: Record<string, string>;
  INFO: { DONE: number[]; ERRORS: { ID: number; MESSAGE: string }[] };
}

/** Names of the .xlsx files the exports produce (FILENAME); the answer is the orders contract's ExportAnswer. */
export const CLIENT_EXPORT_FILE = {
  listSheet: 'Клиенты',
  list: (day: string) => `Клиенты ${day}.xlsx`,
  groupList: (day: string) => `Группы клиентов ${day}.xlsx`,
  groupListSheet: 'Группы',
  group: (name: string, day: string) => `Группа ${name.replace(/[\\/:*?"<>|]/g, ' ').trim()} ${day}.xlsx`,
} as const;

/** Column titles of the client list, on screen and in the exported .xlsx. */
export const CLIENT_COLUMN_TITLE: Record<ClientSort, string> = {
  NAME: 'Клиент',
  PRICE_TYPE: 'Тип цен',
  REGISTRATION_DATE: 'Дата регистрации',
  ORDERS_COUNT: 'Заказов',
  ORDERS_AVERAGE: 'Средний чек',
  ORDERS_SUM: 'Сумма заказов',
  LAST_ORDER: 'Последний заказ',
  STATUS: 'Статус',
  BALANCE: 'Баланс баллов',
  CARD_CODE: 'Номер карты',
  IS_AVAIL: 'Участник программы',
  ENABLED: 'Начисление',
  ENABLED_DATE: 'Дата подключения',
};

/** Titles of the other client fields the screens and the export show. */
export const CLIENT_FIELD_TITLE = {
  ID: 'ID',
  INN: 'ИНН',
  BLACKLIST: 'Черный список',
  GROUP_CNT: 'Групп',
  LAST_ORDER_STATUS: 'Статус последнего заказа',
} as const;

export const GROUP_COLUMN_TITLE: Record<GroupSort, string> = {
  ID: 'ID',
  NAME: 'Название',
  DESCRIPTION: 'Описание',
  CREATE_DATE: 'Дата создания',
  CLIENTS_COUNT: 'Клиентов',
};

/** «Клиент успешно добавлен в группу» and its variants for several clients and for removal (back-office.md §8). */
export function membersMessage(count: number, remove: boolean): string {
  if (remove) return count > 1 ? MSG.clientsRemovedFromGroup : MSG.clientRemovedFromGroup;
  return count > 1 ? MSG.clientsAddedToGroup : MSG.clientAddedToGroup;
}

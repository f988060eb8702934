import { z } from 'zod';
import { formId, formInt } from './numbers';
import { actionDone, actionFailed, listOf, money, seconds, yn } from './http/envelope';
import { LIMITS } from './limits';
import { MSG } from './messages';
import { filterDate, orderStatusRef } from './orders';

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
const offset = formInt({ min: 0, max: 10_000_000 }).catch(0).default(0);
const pageSize = (choices: readonly number[], fallback: number) =>
  formInt()
    .refine((n) => choices.includes(n))
    .catch(fallback)
    .default(fallback);
const dates = {
  date_start: z.preprocess(emptyToUndefined, filterDate.optional()),
  date_end: z.preprocess(emptyToUndefined, filterDate.optional()),
};
/** action=export: the same filters answer the whole list as an .xlsx instead of a page. */
export const exportAction = z.preprocess(emptyToUndefined, z.enum(['export']).optional());
const action = exportAction;

export { pathId } from './http/path-params';

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
  limit: formInt({ max: 500 }).catch(50).default(50),
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

/** clients[]: one id or several; absent or empty is none (the default also makes the field optional to callers). */
const clientIds = z
  .preprocess((v) => (v === undefined || v === '' ? [] : Array.isArray(v) ? v : [v]), z.array(formId()).max(CLIENT_BATCH_MAX))
  .default([]);

/** POST /v3/api/partner/blacklist/: delete=Y blocks the clients, N restores them. */
export const blacklistBodySchema = z.object({
  clients: clientIds,
  delete: z.preprocess(upper, z.enum(['Y', 'N'])),
});

/** POST /v3/api/partner/group/ with action=export: the group list's filters. */
export const groupListExportQuerySchema = groupListQuerySchema.extend({ action });

/** GET /v3/api/partner/client/{id}/prices/ query: a page of the client's personal prices. */
export const clientPricesQuerySchema = z.object({
  limit: formInt({ max: 500 }).catch(50).default(50),
  offset: offset,
});

const groupText = z.preprocess((v) => (typeof v === 'string' ? v : ''), z.string().trim()).default('');

/**
 * POST /v3/api/partner/group/ and /group/{id}/: a form. Saving checks the name (required, at most
 * GROUP_NAME_MAX) and the description (at most GROUP_DESCRIPTION_MAX); delete=Y and action=export need neither.
 */
export const groupBodySchema = z
  .object({
    groupName: groupText,
    groupDescription: groupText,
    clients: clientIds,
    delete: z.preprocess(upper, z.enum(['Y', 'N']).catch('N')).default('N'),
    action,
  })
  .superRefine((body, ctx) => {
    if (body.action === 'export' || body.delete === 'Y') return;
    if (!body.groupName) ctx.addIssue({ code: 'custom', path: ['groupName'], message: MSG.groupNameRequired });
    else if (body.groupName.length > GROUP_NAME_MAX) {
      ctx.addIssue({ code: 'custom', path: ['groupName'], message: MSG.groupNameTooLong(GROUP_NAME_MAX) });
    }
    if (body.groupDescription.length > GROUP_DESCRIPTION_MAX) {
      ctx.addIssue({ code: 'custom', path: ['groupDescription'], message: MSG.groupDescriptionTooLong(GROUP_DESCRIPTION_MAX) });
    }
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
  price_type: z.preprocess(emptyToUndefined, z.union([z.literal('personal_price'), formId()]).optional()),
  column_id: z.preprocess(emptyToUndefined, formInt({ min: 0, max: LIMITS.idMax }).optional()),
  check: z.string().optional(),
});

export type YN = z.infer<typeof yn>;

export const priceRef = z.object({ ID: z.number().int(), NAME: z.string() });

export const lastOrder = z.object({ ID: z.number().int(), ORDER_NUMBER: z.string(), CREATE_DATE: seconds, STATUS: orderStatusRef });

/** A client's loyalty: IS_AVAIL N when it is not in the programme (or the partner's programme is off). */
export const clientLoyalty = z.object({
  IS_AVAIL: yn,
  ENABLED: yn.nullable(),
  ENABLED_DATE: seconds.nullable(),
  CARD_CODE: z.string().nullable(),
  BALANCE: money.nullable(),
  /** The loyalty status's title. */
  STATUS: z.string().nullable(),
  DATE_STATUS_END: seconds.nullable(),
});
export type ClientLoyalty = z.infer<typeof clientLoyalty>;

/**
 * One row of the client list (and of a group's client list). Money is a decimal string, dates Unix seconds.
 * The loyalty fields come only to roles with the loyalty part of the clients tab (and when the programme is on),
 * PRICE_TYPE and COLUMN only to roles that view a client's price type (back-office.md §6): absent, not null.
 */
export const clientListItem = z.object({
  ID: z.number().int(),
  NAME: z.string(),
  SHORT_NAME: z.string().nullable(),
  INN: z.string().nullable(),
  BLACKLIST: yn,
  NEW: yn,
  CURRENCY: z.string(),
  REGISTRATION_DATE: seconds,
  /** The client's price list (the base list when none is set), its code and name. */
  PRICE_TYPE: priceRef.extend({ CODE: z.string() }).optional(),
  /** The price column, or null. */
  COLUMN: priceRef.nullable().optional(),
  /** Orders that count: every status but CANCELED. */
  ORDERS_COUNT: z.number().int(),
  ORDERS_SUM: money,
  ORDERS_AVERAGE: money,
  /** The latest order of any status. */
  LAST_ORDER: lastOrder.nullable(),
  GROUP_CNT: z.number().int(),
  ...clientLoyalty.omit({ DATE_STATUS_END: true }).partial().shape,
});
export type ClientListItem = z.infer<typeof clientListItem>;

export const clientFile = z.object({ ID: z.string(), NAME: z.string(), SIZE: z.number().int(), MIME: z.string(), URL: z.string() });

/** GET /v3/api/partner/client/{id}/ */
export const clientCard = clientListItem.extend({
  LEGAL_ENTITY: yn,
  HAS_INDIVIDUAL: yn,
  PHONE: z.string().nullable(),
  EMAIL: z.string().nullable(),
  ADDRESS: z.string().nullable(),
  BLACKLIST_DATE: seconds.nullable(),
  CLIENT_USER: z
    .object({ ID: z.number().int(), EMAIL: z.string(), NAME: z.string(), MIDDLE_NAME: z.string(), SURNAME: z.string(), PHONE: z.string().nullable() })
    .nullable(),
  FILES: z.array(clientFile),
  GROUP: z.array(priceRef),
  /** Present when the partner's loyalty programme is on and the role sees the loyalty part of clients. */
  LOYALTY: clientLoyalty.nullable(),
  /** The choices of the price-type form; present for users with the view-price-type right. */
  PRICE_SETTINGS: z
    .object({
      PRICE_TYPES: z.array(priceRef.extend({ IS_BASE: yn })),
      COLUMNS: z.array(priceRef.extend({ PARENT_ID: z.number().int().nullable() })),
    })
    .nullable(),
});
export type ClientCard = z.infer<typeof clientCard>;

/** GET /v3/api/partner/client/short/ */
export const clientShortItem = z.object({ ID: z.number().int(), NAME: z.string() });
export type ClientShortItem = z.infer<typeof clientShortItem>;

/** GET /v3/api/partner/client/{id}/prices/: the client's personal prices. */
export const clientPriceItem = z.object({
  PRODUCT_ID: z.number().int(),
  UP_CODE_1C: z.string(),
  NAME: z.string(),
  PRICE: money,
  VALID_UNTIL: seconds.nullable(),
});
export type ClientPriceItem = z.infer<typeof clientPriceItem>;

/** ENTITIES of the client list: whether the loyalty columns are shown to this user. */
export const clientListEntities = z.object({ LOYALTY: z.object({ ON: yn }) });

/** GET /v3/api/partner/client/ */
export const clientListAnswer = listOf(clientListItem, clientListEntities);
export type ClientListAnswer = z.infer<typeof clientListAnswer>;

/** A row of the group list. */
export const groupListItem = z.object({
  ID: z.number().int(),
  GROUP_ID: z.number().int(),
  NAME: z.string(),
  DESCRIPTION: z.string().nullable(),
  CREATE_DATE: seconds,
  CLIENTS_COUNT: z.number().int(),
});
export type GroupListItem = z.infer<typeof groupListItem>;

/** GET /v3/api/partner/grouplist/ */
export const groupListAnswer = listOf(groupListItem);
export type GroupListAnswer = z.infer<typeof groupListAnswer>;

/** GET /v3/api/partner/group/{id}/: the group's clients, and the group in ENTITIES.GROUP. */
export const groupAnswer = listOf(clientListItem, clientListEntities.extend({ GROUP: groupListItem }));

/** What became of each client of a membership change: DONE ids, and the refused ones with why. */
export const clientGroupInfo = z.object({
  DONE: z.array(z.number().int()),
  ERRORS: z.array(z.object({ ID: z.number().int(), MESSAGE: z.string() })),
});

/** The answer of POST /v3/api/partner/client_group/{groupId}/: INFO both when done and when no client could be. */
export const clientGroupAnswer = z.union([actionDone({ INFO: clientGroupInfo }), actionFailed.extend({ INFO: clientGroupInfo })]);
export type ClientGroupAnswer = z.infer<typeof clientGroupAnswer>;

/** A group created (with INFO on the clients given with it), saved or deleted. */
export const groupSaved = actionDone({ ID: z.number().int(), GROUP_ID: z.number().int().optional(), INFO: clientGroupInfo.optional() });
export type GroupSaved = z.infer<typeof groupSaved>;

/** Names of the .xlsx files the exports produce (FILENAME, once the export job is done: jobs.ts). */
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

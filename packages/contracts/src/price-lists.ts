import { countRu } from './plural-ru';
import { PERCENT_PATTERN } from './pricing';
import { z } from 'zod';
import { actionDone, yn } from './http/envelope';
import { pathId } from './http/path-params';
import { formInt } from './numbers';
import { DEFAULTS } from './limits';

/*
 * Price lists and price columns: the wire contract of /v3/api/partner/{pricelist|column}/…, /{type}/{id}/ and
 * /partner/pricetype/ (shop-pricing-offers-loyalty.md §2, §3 "Price list or column", §4, §5 Prices, §7, §8, §9).
 */

/** The two kinds, as the path names them and as they are stored. */
export const PRICE_LIST_TYPES = ['pricelist', 'column'] as const;
export type PriceListType = (typeof PRICE_LIST_TYPES)[number];
export type PriceListKind = 'PRICELIST' | 'COLUMN';
export const PRICE_LIST_KIND: Record<PriceListType, PriceListKind> = { pricelist: 'PRICELIST', column: 'COLUMN' };

export const PRICE_ROUNDINGS = ['ONE_DECIMAL', 'TWO_DECIMAL', 'NO_DECIMAL'] as const;
export type PriceRounding = (typeof PRICE_ROUNDINGS)[number];
export const PRICE_UNITS = ['RUB', 'RATE'] as const;
export type PriceUnit = (typeof PRICE_UNITS)[number];

/** Lengths the spec leaves open, chosen here: a price list's (column's, price type's) name; the sort. */
export const PRICE_LIST_NAME_MAX = 100;
export const PRICE_LIST_SORT_MAX = 1_000_000;
export const PRICE_LIST_DEFAULT_SORT = 500;

/** What a price list or column still holds that keeps it from being deleted. */
export interface PriceListUse {
  clients: number;
  groups: number;
  /** Live columns under a price list. */
  columns: number;
}

/** The texts of the spec (§5, §8) and the ones its screens need that it leaves open. */
export const PRICE_LIST_MSG = {
  nameRequired: { PRICELIST: 'Вы не указали название прайса', COLUMN: 'Вы не указали название колонки' } satisfies Record<PriceListKind, string>,
  deleteFailed: { PRICELIST: 'Невозможно удалить прайс', COLUMN: 'Невозможно удалить колонку цен' } satisfies Record<PriceListKind, string>,
  deleteConfirm: {
    PRICELIST: (name: string) => `Прайс “${name}“ будет удален.`,
    COLUMN: (name: string) => `Колонка “${name}“ будет удалена.`,
  } satisfies Record<PriceListKind, (name: string) => string>,
  deleteIrreversible: 'Восстановить удаленный прайс невозможно.',
  created: { PRICELIST: 'Прайс создан', COLUMN: 'Колонка цен создана' } satisfies Record<PriceListKind, string>,
  saved: { PRICELIST: 'Прайс сохранен', COLUMN: 'Колонка цен сохранена' } satisfies Record<PriceListKind, string>,
  copied: { PRICELIST: 'Прайс скопирован', COLUMN: 'Колонка цен скопирована' } satisfies Record<PriceListKind, string>,
  deleted: {
    PRICELIST: (name: string) => `Прайс “${name}“ удален`,
    COLUMN: (name: string) => `Колонка “${name}“ удалена`,
  } satisfies Record<PriceListKind, (name: string) => string>,
  nameTooLong: (max: number) => `Название не должно превышать ${max} символов`,
  sectionRateInvalid: 'Наценка указывается в процентах: от -99,99 до 999,99, не больше двух знаков после запятой',
  sortInvalid: `Сортировка — целое число от 0 до ${PRICE_LIST_SORT_MAX}`,
  columnsLimit: (max: number) => `Можно создать не больше ${max} колонок цен. Удалите одну из колонок, чтобы создать новую`,
  notSelected: 'Не выбран прайс',
  parentRequired: 'Выберите прайс, к которому относится колонка',
  actionUnknown: 'Неизвестное действие',
  copySuffix: ' (копия)',
  priceTypeNameRequired: 'Вы не указали название типа цен',
  priceTypeRenamed: 'Тип цен переименован',
  /** Why a delete is refused: the additional info of the failure modal (§4). */
  baseNotDeletable: 'Базовый прайс удалить нельзя: он действует для всех клиентов без своего прайса',
  inUse: (kind: PriceListKind, use: PriceListUse): string => {
    const assigned = [
      use.clients ? countRu(use.clients, ['клиенту', 'клиентам', 'клиентам']) : '',
      use.groups ? countRu(use.groups, ['группе', 'группам', 'группам']) : '',
    ].filter(Boolean);
    const parts: string[] = [];
    if (assigned.length) parts.push(`${kind === 'COLUMN' ? 'Колонка цен назначена' : 'Прайс назначен'} ${assigned.join(' и ')}`);
    if (use.columns) parts.push(`У прайса есть ${countRu(use.columns, ['колонка', 'колонки', 'колонок'])} цен`);
    return `${parts.join('. ')}.`;
  },
} as const;

/** Tags are stripped first, then the text is trimmed (§5: "Tags are stripped before sending"). */
export const stripTags = (text: string): string => text.replace(/<[^>]*>?/g, '').trim();

/** A price list's id on the wire: the base list is `personal_price`, any other a number. */
export const priceListId = z.union([z.literal(DEFAULTS.basePriceListId), pathId]);
export type PriceListId = z.output<typeof priceListId>;
const wireId = z.union([z.literal(DEFAULTS.basePriceListId), z.number().int()]);

const upper = (v: unknown) => (typeof v === 'string' ? v.trim().toUpperCase() : v);
const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const yesNo = z.preprocess(upper, z.enum(['Y', 'N']).catch('N')).default('N');

/** A name as the form sends it: tags stripped, trimmed; absent is empty. */
const nameText = z
  .string()
  .optional()
  .transform((v) => stripTags(v ?? ''));

const sectionRate = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().replace(',', '.') : v),
  z
    .string()
    .refine((v) => v === '' || PERCENT_PATTERN.test(v), PRICE_LIST_MSG.sectionRateInvalid)
    .transform((v) => (v === '' ? null : v))
    .optional(),
);

const sort = z.preprocess(emptyToUndefined, formInt({ min: 0, max: PRICE_LIST_SORT_MAX, message: PRICE_LIST_MSG.sortInvalid }).optional());

/**
 * POST /v3/api/partner/{pricelist|column}/ and /{type}/{id}/: a form. Saving (create or edit) needs the name;
 * `action=copy` copies (the name optional: «{name} (копия)» without one), `delete=Y` deletes; both need no name.
 * Fields left out keep their value on an edit (and take their default on a create). An unknown action is refused
 * by the service, after the id was found (another partner's id answers 404 whatever the body says).
 */
export const priceListBodySchema = (kind: PriceListKind) =>
  z
    .object({
      name: nameText,
      section_rate: sectionRate,
      price_type: z.preprocess(emptyToUndefined, z.string().trim().max(50).optional()),
      rounding: z.preprocess(emptyToUndefined, z.preprocess(upper, z.enum(PRICE_ROUNDINGS)).optional()),
      unit: z.preprocess(emptyToUndefined, z.preprocess(upper, z.enum(PRICE_UNITS)).optional()),
      sort,
      /** A column's price list (the base list when none is given on a create); a price list has none. */
      parent_id: z.preprocess(emptyToUndefined, priceListId.optional()),
      /** On the collection's POST: the list to delete (with delete=Y), copy (action=copy) or edit. */
      id: z.preprocess(emptyToUndefined, priceListId.optional()),
      delete: yesNo,
      action: z.preprocess(emptyToUndefined, z.string().trim().toLowerCase().max(20).optional()),
    })
    .superRefine((body, ctx) => {
      if (body.delete === 'Y' || body.action) return;
      if (!body.name) ctx.addIssue({ code: 'custom', path: ['name'], message: PRICE_LIST_MSG.nameRequired[kind] });
    })
    .superRefine((body, ctx) => {
      if (body.delete === 'Y') return;
      if (body.name.length > PRICE_LIST_NAME_MAX) {
        ctx.addIssue({ code: 'custom', path: ['name'], message: PRICE_LIST_MSG.nameTooLong(PRICE_LIST_NAME_MAX) });
      }
    });
export type PriceListBody = z.output<ReturnType<typeof priceListBodySchema>>;

/** One price list or column (§3). */
export const priceListItem = z.object({
  ID: wireId,
  NAME: z.string(),
  SORT: z.number().int(),
  EDIT_1C: yn,
  /** The price type's code (price_types.CODE). */
  PRICE_TYPE: z.string(),
  /** The markup in percent, a decimal string, or null. */
  SECTION_RATE: z.string().nullable(),
  ROUNDING: z.enum(PRICE_ROUNDINGS),
  UNIT: z.enum(PRICE_UNITS),
  /** A column's price list; null for a price list. */
  PARENT_ID: wireId.nullable(),
  IS_BASE: yn,
  /** Clients assigned to it (for the base list also the clients with no list of their own). */
  CLIENTS_CNT: z.number().int(),
  /** Client groups assigned to it. */
  GROUPS_CNT: z.number().int(),
});
export type PriceListItem = z.infer<typeof priceListItem>;

/** A price type of the partner (§3: ID, NAME, INNER_TYPE; CODE is what a list's PRICE_TYPE names). */
export const priceTypeItem = z.object({ ID: z.number().int(), NAME: z.string(), INNER_TYPE: z.string(), CODE: z.string() });
export type PriceTypeItem = z.infer<typeof priceTypeItem>;

/** GET /v3/api/partner/pricelist/ and /column/: both kinds, sorted by SORT then ID, and the price types. */
export const priceListsAnswer = z.object({
  PRICELISTS: z.array(priceListItem),
  COLUMNS: z.array(priceListItem),
  ENTITIES: z.object({ PRICE_TYPE: z.array(priceTypeItem) }),
});
export type PriceListsAnswer = z.infer<typeof priceListsAnswer>;

/** A price list created, saved, copied (ID is the copy's) or deleted. */
export const priceListSaved = actionDone({ ID: wireId, NAME: z.string().optional() });
export type PriceListSaved = z.infer<typeof priceListSaved>;

/** GET /v3/api/partner/pricetype/ */
export const priceTypesAnswer = z.object({ ITEMS: z.array(priceTypeItem) });

/** POST /v3/api/partner/pricetype/: renames a price type. */
export const priceTypeBodySchema = z.object({ id: z.preprocess(emptyToUndefined, pathId), name: nameText }).superRefine((body, ctx) => {
  if (!body.name) ctx.addIssue({ code: 'custom', path: ['name'], message: PRICE_LIST_MSG.priceTypeNameRequired });
  else if (body.name.length > PRICE_LIST_NAME_MAX) {
    ctx.addIssue({ code: 'custom', path: ['name'], message: PRICE_LIST_MSG.nameTooLong(PRICE_LIST_NAME_MAX) });
  }
});

export const priceTypeSaved = actionDone({ ID: z.number().int() });

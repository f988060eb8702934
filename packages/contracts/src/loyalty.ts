import { z } from 'zod';
import { formId, formInt } from './numbers';
import { actionDone, actionFailed, listOf, money, nav, seconds, yn } from './http/envelope';
import { formFile, formFlag, formText, formWholeRows } from './http/form-fields';
import { LIMITS, type OrderStatus } from './limits';
import { fileRef } from './shop-wire';
import { formDate, listPeriodParam } from './dates';
import { filterDate, loyaltyHistoryEntry, pageSizeParam } from './orders';

/*
 * The loyalty programme (shop-pricing-offers-loyalty.md §2 /partner/loyalty/*, §3 Loyalty programme, §4 Loyalty,
 * §5 Loyalty, §6, §7 loyalty calls; back-office.md §2 client loyalty tab and modals, §3 loyalty fields and history,
 * §4 bonus_return and loyalty_client_not_found). Points are an append-only ledger: a member's balance is the sum of
 * its live movements. Server and web both use it.
 */

/**
 * bonus_return (issue 38.7): the points an order was paid with go back only when the order is canceled — a live order
 * (new, viewed, in the basket, completed) is still paid with them. The server refuses and the card hides the button by
 * this one rule.
 */
export const pointsReturnableIn = (status: OrderStatus): boolean => status === 'CANCELED';

export const LOYALTY_MSG = {
  titleRequired: 'Не заполнено название ПЛ',
  titleMax: 'Слишком длинное название программы лояльности',
  notInstalled: 'Программа лояльности не установлена',
  installed: 'Программа лояльности установлена',
  saved: 'Настройки программы лояльности сохранены',
  switchedOn: 'Программа лояльности включена',
  switchedOff: 'Программа лояльности выключена',
  setNewClientsForbidden: 'Включать новых клиентов в программу не может ни одна роль',
  clientNotFound: 'Клиент не участвует в программе лояльности',
  statusTitleRequired: 'Не указано название статуса',
  multiplierInvalid: 'Множитель — процент от 0 до 1000',
  thresholdInvalid: 'Порог — сумма заказов числом',
  brandUnknown: 'Торговая марка не найдена',
  brandRepeated: 'Торговая марка указана дважды',
  groupUnknown: 'Группа не найдена',
  rangeInvalid: 'Границы — числа, «от» не больше «до»',
  pointsPctInvalid: 'Процент начисления — число от 0 до 100',
  pointsInvalid: 'Количество баллов — целое число больше нуля',
  commentRequired: 'Укажите комментарий',
  balanceTooLow: (balance: string) => `Недостаточно баллов: на счете ${balance}`,
  plusDone: 'Баллы начислены',
  minusDone: 'Баллы списаны',
  statusSet: 'Статус клиента изменен',
  statusUnknown: 'Статус не найден',
  enabled: 'Клиент подключен к программе лояльности',
  disabled: 'Клиент отключен от программы лояльности',
  returned: (points: string) => `Баллы возвращены: ${points}`,
  nothingToReturn: 'По заказу нет баллов для возврата',
  alreadyReturned: 'Баллы по заказу уже возвращены',
  returnOnlyCanceled: 'Баллы возвращаются только по отмененному заказу: сначала отмените заказ',
  programOff: 'Программа лояльности выключена',
  cardCodeInvalid: 'Номер карты — от 4 до 30 букв и цифр',
  cardCodeTaken: 'Карта с таким номером уже выдана другому клиенту',
  dateInvalid: 'Некорректная дата',
  orderNotFound: 'Заказ не найден',
  /** The shop's buyer outside the programme (or kept from it by its visibility) asks for its points history. */
  buyerNotMember: 'Вы не участвуете в программе лояльности магазина',
} as const;

/** The ledger's operations (history OPERATION) and their Russian names for the filter. */
export const LOYALTY_OPERATIONS = ['CREDIT', 'DEBIT', 'BURN', 'RETURN', 'PLUS', 'MINUS'] as const;
export type LoyaltyOperation = (typeof LOYALTY_OPERATIONS)[number];
export const LOYALTY_OPERATION_LABEL: Record<LoyaltyOperation, string> = {
  CREDIT: 'Начисление за заказ',
  DEBIT: 'Оплата баллами',
  BURN: 'Сгорание',
  RETURN: 'Возврат баллов',
  PLUS: 'Ручное начисление',
  MINUS: 'Ручное списание',
};

/** Group visibility choices: everyone, signed-in buyers, members of the programme. */
export const LOYALTY_VISIBILITY = ['ALL', 'AUTH', 'ENABLED'] as const;
export type LoyaltyVisibility = (typeof LOYALTY_VISIBILITY)[number];
export const LOYALTY_VISIBILITY_LABEL: Record<LoyaltyVisibility, string> = {
  ALL: 'Всем посетителям',
  AUTH: 'Только авторизованным',
  ENABLED: 'Только участникам программы',
};

/** The tabs of /partner/loyalty (§2): before installation only the first four, disabled. */
export const LOYALTY_TABS = ['settings', 'statuses', 'coefficients', 'visability', 'participation', 'scoring', 'balance'] as const;
export type LoyaltyTab = (typeof LOYALTY_TABS)[number];
export const LOYALTY_TAB_LABEL: Record<LoyaltyTab, string> = {
  settings: 'Настройки',
  statuses: 'Статусы',
  coefficients: 'Коэффициенты',
  visability: 'Видимость',
  participation: 'Участие',
  scoring: 'Начисление',
  balance: 'Управление балансом',
};
/** Before installation: Settings, Scoring, Statuses, Increased coefficients (all disabled). */
export const LOYALTY_TABS_BEFORE_INSTALL: readonly LoyaltyTab[] = ['settings', 'scoring', 'statuses', 'coefficients'];
/** The names §2 gives the tabs before installation where they differ: «Increased coefficients». */
export const LOYALTY_TAB_LABEL_BEFORE_INSTALL: Partial<Record<LoyaltyTab, string>> = { coefficients: 'Повышенные коэффициенты' };
/** The tabs a loyalty employee without the employees-view right sees (§2 "employee access"). */
export const LOYALTY_EMPLOYEE_TABS: readonly LoyaltyTab[] = ['participation', 'balance'];

export const loyaltyStatus = z.object({ ID: z.number().int(), TITLE: z.string(), MULTIPLIER: money, THRESHOLD: money });
export type LoyaltyStatus = z.infer<typeof loyaltyStatus>;

export const loyaltyCoefficient = z.object({ tm: z.number().int(), TM_NAME: z.string(), multiplier: money });
export type LoyaltyCoefficient = z.infer<typeof loyaltyCoefficient>;

export const loyaltyScoringRule = z.object({
  ID: z.number().int(),
  markup_from: money.nullable(),
  markup_to: money.nullable(),
  markup_pct_from: money.nullable(),
  markup_pct_to: money.nullable(),
  points_pct: money,
});
export type LoyaltyScoringRule = z.infer<typeof loyaltyScoringRule>;

export const loyaltyGroupVisibility = z.object({ GROUP_ID: z.number().int(), NAME: z.string(), VISABILITY: z.enum(LOYALTY_VISIBILITY) });

/** The programme's settings (ITEM when installed, DEFAULT before). */
export const loyaltyProgram = z.object({
  TITLE: z.string(),
  LOGO: fileRef.nullable(),
  OFFER_FILE: fileRef.nullable(),
  DESCRIPTION: z.string(),
  STATUSES: z.array(loyaltyStatus),
  TM: z.array(loyaltyCoefficient),
  MULTIPLIERS: z.array(loyaltyScoringRule),
  VISABILITY: z.enum(LOYALTY_VISIBILITY),
  SET_NEW_CLIENTS: yn,
  /** Days after which points earned on an order burn. */
  BURN_DAYS: z.number().int(),
});
export type LoyaltyProgram = z.infer<typeof loyaltyProgram>;

export const loyaltyShopAnswer = z.object({
  INSTALLED: yn,
  STATUS: yn,
  ITEM: loyaltyProgram.nullable(),
  DEFAULT: loyaltyProgram,
});

/**
 * GET loyalty/shop/status/ (§7 shop/status, §4 "not installed, installed, switched on or off"): the programme's state
 * without its settings — INSTALLED, STATUS (Y: on; N before installation) and DATE_INSTALL (Unix seconds, null before
 * installation).
 */
export const loyaltyShopStatusAnswer = z.object({
  INSTALLED: yn,
  STATUS: yn,
  DATE_INSTALL: seconds.nullable(),
});
export type LoyaltyShopStatusAnswer = z.infer<typeof loyaltyShopStatusAnswer>;

/** POST loyalty/shop/: installs the programme (the first time) or saves its settings; logo and offer_file as multipart. */
export const loyaltyShopBody = z.object({
  title: formText.optional(),
  description: formText.max(LIMITS.textValueMaxChars).optional(),
  visability: z.enum(LOYALTY_VISIBILITY).optional(),
  set_new_clients: formFlag.optional(),
  burn_days: formText.optional(),
  logo: formFile.optional(),
  offer_file: formFile.optional(),
  logo_del: formFlag.optional(),
  offer_file_del: formFlag.optional(),
});

export const loyaltyStatusBody = z.object({ STATUS: z.enum(['Y', 'N']) });

export const loyaltyActionDone = z.union([actionDone(), actionFailed]);

export const loyaltyStatusesBody = z.object({
  statuses: formWholeRows({
    ID: formText.optional(),
    TITLE: formText.optional(),
    MULTIPLIER: formText.optional(),
    THRESHOLD: formText.optional(),
  }).optional(),
});
export const loyaltyCoefficientsBody = z.object({
  coefficients: formWholeRows({ tm: formText.optional(), multiplier: formText.optional() }).optional(),
});
export const loyaltyVisibilityBody = z.object({
  visability: z.enum(LOYALTY_VISIBILITY).optional(),
  groups: formWholeRows({ GROUP_ID: formText.optional(), VISABILITY: formText.optional() }).optional(),
});
export const loyaltyScoringBody = z.object({
  rules: formWholeRows({
    markup_from: formText.optional(),
    markup_to: formText.optional(),
    markup_pct_from: formText.optional(),
    markup_pct_to: formText.optional(),
    points_pct: formText.optional(),
  }).optional(),
});

export const loyaltyStatusesAnswer = z.object({ ITEMS: z.array(loyaltyStatus) });
export const loyaltyCoefficientsAnswer = z.object({
  ITEMS: z.array(loyaltyCoefficient),
  ENTITIES: z.object({ TM: z.array(z.object({ ID: z.number().int(), NAME: z.string() })) }),
});
export const loyaltyVisibilityAnswer = z.object({ VISABILITY: z.enum(LOYALTY_VISIBILITY), ITEMS: z.array(loyaltyGroupVisibility) });
export const loyaltyScoringAnswer = z.object({ ITEMS: z.array(loyaltyScoringRule) });

/* ---------- participation and balance ---------- */

/** A client row of the participation list (§3 Client loyalty row). */
export const loyaltyMemberRow = z.object({
  ID: z.number().int(),
  NAME: z.string(),
  INN: z.string().nullable(),
  IS_AVAIL: yn,
  ENABLED: yn,
  ENABLED_DATE: seconds.nullable(),
  BALANCE: money,
  CARD_CODE: z.string().nullable(),
  STATUS: z.object({ ID: z.number().int(), TITLE: z.string() }).nullable(),
  DATE_STATUS_END: seconds.nullable(),
});
export type LoyaltyMemberRow = z.infer<typeof loyaltyMemberRow>;

export const LOYALTY_MEMBER_SORTS = ['NAME', 'BALANCE', 'ENABLED_DATE', 'CARD_CODE'] as const;

const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const order = (fallback: 'ASC' | 'DESC') =>
  z.preprocess((v) => (typeof v === 'string' ? v.toUpperCase() : v), z.enum(['ASC', 'DESC']).catch(fallback).default(fallback));

export const loyaltyParticipationQuery = z.object({
  query: z.preprocess(emptyToUndefined, z.string().trim().max(100).optional()),
  /** Y: members, N: clients not in the programme, empty: every client. */
  is_avail: z.preprocess(emptyToUndefined, z.enum(['Y', 'N']).optional().catch(undefined)),
  status_id: z.preprocess(emptyToUndefined, formId().optional().catch(undefined)),
  sort: z.preprocess(emptyToUndefined, z.enum(LOYALTY_MEMBER_SORTS).catch('NAME').default('NAME')),
  order: order('ASC'),
  limit: pageSizeParam(LIMITS.clientListPageSize),
  p: formInt({ max: 100_000 }).catch(1).default(1),
});
/** The participation list names its rows CLIENTS (§7 loyalty answers: "ITEMS, CLIENTS"; they are clients), with ENTITIES and NAV. */
export const loyaltyParticipationAnswer = z.object({
  CLIENTS: z.array(loyaltyMemberRow),
  ENTITIES: z.object({ STATUSES: z.array(z.object({ ID: z.number().int(), TITLE: z.string() })) }),
  NAV: nav,
});

/** Connects a client to the programme (a card code is given when none is typed) or disconnects it. */
export const loyaltyParticipationBody = z.object({
  client_id: formId(),
  enabled: formFlag,
  card_code: formText.max(30).optional(),
});

/** A ledger row of the balance list: the history columns with the client. */
export const loyaltyOperationRow = loyaltyHistoryEntry.extend({
  CLIENT: z.object({ ID: z.number().int(), NAME: z.string() }),
  ORDER_ID: z.number().int().nullable(),
});
export type LoyaltyOperationRow = z.infer<typeof loyaltyOperationRow>;

export const loyaltyBalanceQuery = z.object({
  operation: z.preprocess(emptyToUndefined, z.enum(LOYALTY_OPERATIONS).optional().catch(undefined)),
  client_id: z.preprocess(emptyToUndefined, formId().optional().catch(undefined)),
  date_start: z.preprocess(emptyToUndefined, filterDate.optional().catch(undefined)),
  date_end: z.preprocess(emptyToUndefined, filterDate.optional().catch(undefined)),
  /** Neither day: the default period (listPeriod), unless period=all. */
  period: listPeriodParam,
  /** Oldest first by default (§2: balance list order defaults to ASC). */
  order: order('ASC'),
  limit: pageSizeParam(LIMITS.clientListPageSize),
  p: formInt({ max: 100_000 }).catch(1).default(1),
});
/** NAV.NEW_CNT: operations of the last 24 hours. */
export const loyaltyBalanceAnswer = listOf(
  loyaltyOperationRow,
  z.object({ OPERATIONS: z.array(z.object({ CODE: z.enum(LOYALTY_OPERATIONS), NAME: z.string() })) }),
);

/** clients/plus and clients/minus: whole points with a comment; `key` (from the form) makes a resend harmless. */
export const loyaltyAdjustBody = z.object({
  client_id: formId(),
  points: formInt({ max: LIMITS.loyaltyPointsMax, message: LOYALTY_MSG.pointsInvalid }),
  comment: formText.max(LIMITS.orderNoteMax).optional(),
  key: formText.max(100).optional(),
});
export const loyaltyAdjusted = z.union([actionDone({ BALANCE: money }), actionFailed]);

/** client/set_status/{id}: the client's status and until when it holds (empty: no end). */
export const loyaltySetStatusBody = z.object({
  /** Checked by the server once the client is known to be the partner's (another partner's client is a 404). */
  status_id: formText.optional(),
  date_status_end: formDate.optional(),
});

/** A client's loyalty (the client card's tab): its row and its history; loyalty_client_not_found outside the programme. */
export const loyaltyClientAnswer = z.union([z.object({ ITEM: loyaltyMemberRow, HISTORY: z.array(loyaltyHistoryEntry) }), actionFailed]);

/** What the shop shows a buyer, where the visibility allows. */
export const buyerLoyalty = z.object({
  SHOW: yn,
  TITLE: z.string().optional(),
  IS_AVAIL: yn.optional(),
  BALANCE: money.optional(),
  STATUS: z.string().nullable().optional(),
  CARD_CODE: z.string().nullable().optional(),
});
export type BuyerLoyalty = z.infer<typeof buyerLoyalty>;

/** The buyer's points history (issue 39 §4): a page of its own ledger, newest first. */
export const buyerPointsQuery = z.object({
  limit: formInt({ max: 50 }).catch(LIMITS.buyerPointsPageSize).default(LIMITS.buyerPointsPageSize),
  offset: formInt({ min: 0, max: 10_000_000 }).catch(0).default(0),
});

/**
 * The buyer's points: the balance, all it earned (every award: orders, returns, manual), spent (paid with or written
 * off) and burned, what burns within LIMITS.loyaltyBurnSoonDays (what is left of each award, spending drawing from
 * those burning first) with the dates, and a page of the history. Outside the programme: SUCCESS N with
 * `loyalty` (the programme is off) or `loyalty_client_not_found` (the buyer is not a member).
 */
export const buyerPointsAnswer = z.union([
  z.object({
    TITLE: z.string(),
    BALANCE: money,
    EARNED: money,
    SPENT: money,
    BURNED: money,
    BURN_SOON: z.object({
      BONUS_CNT: money,
      DAYS: z.number().int(),
      /** By the Moscow day they burn on, soonest first. */
      DATES: z.array(z.object({ DATE_BURN: seconds, BONUS_CNT: money })),
    }),
    ITEMS: z.array(loyaltyHistoryEntry),
    NAV: nav,
  }),
  actionFailed,
]);
export type BuyerPointsAnswer = z.infer<typeof buyerPointsAnswer>;

import { EXCHANGE_1C_LIMITS as LIMITS, EXCHANGE_1C_MSG, EXCHANGE_1C_SETTINGS_LIMITS, EXCHANGE_1C_SETTINGS_MSG } from '@b2b/contracts/exchange-1c';
import type { Exchange1cLogAnswer, Exchange1cRun, Exchange1cSaveBody, Exchange1cSettingsAnswer } from '@b2b/contracts/exchange-1c';
import { ORDER_STATUSES, type OrderStatus } from '@b2b/contracts/limits';
import { MSG, ORDER_STATUS_LABEL } from '@b2b/contracts/messages';
import { readInt } from '@b2b/contracts/numbers';
import type { Db } from '@/db/database';
import { isUniqueViolation } from '@/db/db-errors';
import type { Exchange1cPriceMapping } from '@/db/schema';
import { badRequest } from '@/http/app-error';
import { failed, ok, toSeconds, yn } from '@/http/envelope';
import { exchangeSettingsRepo, type ExchangeRunRow, type ExchangeSettingsChanges, type ExchangeSettingsRow } from './exchange-settings.repo';

type Errors = Record<string, string>;
type PriceTypeSeen = { id: string; name: string; currency: string | null };

const M = { ...EXCHANGE_1C_MSG, ...EXCHANGE_1C_SETTINGS_MSG };
/** The statuses sent before the first save (the column's default). */
const DEFAULT_STATUSES: OrderStatus[] = ['NEW', 'VIEWED', 'IN_BASKET'];
const CONTROL = /\p{Cc}/u;

function checkLogin(login: string): string | undefined {
  if (!login) return M.loginRequired;
  if (login.length > LIMITS.loginMax) return M.loginTooLong;
  // HTTP Basic auth (RFC 7617) splits at the first colon: a login cannot hold one.
  if (/[\s:]/u.test(login) || CONTROL.test(login)) return M.loginInvalid;
  return undefined;
}

function checkPassword(password: string): string | undefined {
  if (password.length < LIMITS.passwordMin) return M.passwordTooShort;
  if (password.length > LIMITS.passwordMax) return M.passwordTooLong;
  if (CONTROL.test(password)) return M.passwordInvalid;
  return undefined;
}

const sameName = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * The mapping rows as sent: a type named by its Ид, its name or both (a type added by name before the first exchange
 * is stored with its name as Ид, and takes its real Ид from the types 1C has sent when their names match), each to
 * one live list or column of the partner; a type or a list mapped twice is refused.
 */
function readPriceMap(rows: NonNullable<Exchange1cSaveBody['price_map']>, listIds: Set<number>, seen: PriceTypeSeen[], errors: Errors) {
  if (rows.length > EXCHANGE_1C_SETTINGS_LIMITS.priceMapRows) {
    errors.price_map = M.tooManyRows;
    return [];
  }
  const mapped: Exchange1cPriceMapping[] = [];
  rows.forEach((row, i) => {
    const key = (field: string) => `price_map[${i}][${field}]`;
    const sentId = row.type_id ?? '';
    const sentName = row.type_name ?? '';
    if (!sentId && !sentName) errors[key('type_name')] = M.priceTypeRequired;
    else if (sentId.length > EXCHANGE_1C_SETTINGS_LIMITS.priceTypeChars || sentName.length > EXCHANGE_1C_SETTINGS_LIMITS.priceTypeChars) {
      errors[key('type_name')] = M.priceTypeTooLong;
    }
    const typeName = sentName || seen.find((t) => t.id === sentId)?.name || sentId;
    const typeId = sentId || seen.find((t) => sameName(t.name, sentName))?.id || sentName;
    if (typeId && mapped.some((m) => m.typeId === typeId || sameName(m.typeName, typeName))) errors[key('type_name')] ??= M.priceTypeTwice;

    const listText = row.price_list_id ?? '';
    const list = listText ? readInt(listText) : undefined;
    if (!listText) errors[key('price_list_id')] = M.priceListRequired;
    else if (!list || 'error' in list || !listIds.has(list.value)) errors[key('price_list_id')] = M.unknownPriceList;
    else if (mapped.some((m) => m.priceListId === list.value)) errors[key('price_list_id')] = M.priceListTwice;
    mapped.push({ typeId, typeName, priceListId: list && 'value' in list ? list.value : 0 });
  });
  return mapped;
}

function runItem(row: ExchangeRunRow): Exchange1cRun {
  const cap = EXCHANGE_1C_SETTINGS_LIMITS.logListItems;
  return {
    ID: Number(row.id),
    TYPE: row.type,
    MODE: row.mode,
    FILENAME: row.filename,
    STATUS: row.status,
    PROGRESS: row.progress,
    PROGRESS_TEXT: row.progress_text,
    FILES: (row.files ?? []).map((f) => ({ NAME: f.name, BYTES: Number(f.bytes) })),
    PRODUCTS_MATCHED: row.products_matched,
    PRICES: row.prices,
    STOCK_ROWS: row.stock_rows,
    ORDERS_SENT: row.orders_sent,
    ORDERS_UPDATED: row.orders_updated,
    UNMATCHED_COUNT: row.unmatched_count,
    UNMATCHED: (row.unmatched ?? []).slice(0, cap).map((u) => ({ ID: u.id, CODE: u.code, NAME: u.name })),
    ROWS_REFUSED: row.rows_refused,
    ERRORS: (row.errors ?? []).slice(0, cap),
    STARTED_AT: toSeconds(row.started_at)!,
    FINISHED_AT: toSeconds(row.finished_at),
  };
}

/** Настройки магазина → «Обмен с 1С» (issue 41): the exchange account, the mapping, the statuses sent, the log. */
/** `hashPassword`: the sign-in's own argon2id (modules/auth/passwords, wired in app.ts). */
export function exchangeSettingsService(db: Db, deps: { hashPassword: (password: string) => Promise<string> }) {
  const repo = exchangeSettingsRepo(db);

  function view(row: ExchangeSettingsRow | undefined, lists: Awaited<ReturnType<typeof repo.priceLists>>, url: string): Exchange1cSettingsAnswer {
    return {
      LOGIN: row?.login ?? null,
      HAS_PASSWORD: yn(Boolean(row?.password_hash)),
      URL: url,
      STATUSES: row ? ORDER_STATUSES.filter((s) => row.statuses.includes(s)) : DEFAULT_STATUSES,
      PRICE_MAP: (row?.price_map ?? []).map((m) => ({ TYPE_ID: m.typeId, TYPE_NAME: m.typeName, PRICE_LIST_ID: Number(m.priceListId) })),
      PRICE_TYPES_SEEN: (row?.price_types_seen ?? []).map((t) => ({ ID: t.id, NAME: t.name, CURRENCY: t.currency ?? null })),
      PRICE_LISTS: lists.map((l) => ({
        ID: Number(l.id),
        NAME: l.name,
        KIND: l.kind,
        PARENT_ID: l.parent_id === null ? null : Number(l.parent_id),
        IS_BASE: yn(l.is_base),
      })),
      ORDER_STATUSES: ORDER_STATUS_LABEL,
    };
  }

  return {
    /** `url`: the address 1C is to call, as the request reached this server. */
    async view(partnerId: number, url: string) {
      return view(await repo.find(partnerId), await repo.priceLists(partnerId), url);
    },

    /** Saves the parts sent (a body that names none is refused); the password is stored as its argon2 hash only. */
    async save(partnerId: number, body: Exchange1cSaveBody) {
      if (Object.values(body).every((v) => v === undefined)) throw badRequest(MSG.badRequest);
      const stored = await repo.find(partnerId);
      const errors: Errors = {};
      const set: ExchangeSettingsChanges = {};

      if (body.login !== undefined) {
        const error = checkLogin(body.login);
        if (error) errors.login = error;
        else set.login = body.login;
      }
      // An empty password keeps the stored one.
      if (body.password) {
        const error = checkPassword(body.password);
        if (error) errors.password = error;
      }
      const login = body.login !== undefined ? body.login : stored?.login;
      if (!errors.login && !errors.password) {
        if (login && !body.password && !stored?.password_hash) errors.password = M.passwordRequired;
        if (!login && body.password) errors.login = M.loginRequired;
      }
      if (body.statuses !== undefined) {
        const sent = body.statuses.map((s) => s.toUpperCase());
        if (sent.some((s) => !(ORDER_STATUSES as readonly string[]).includes(s))) errors.statuses = M.unknownStatus;
        else set.statuses = ORDER_STATUSES.filter((s) => sent.includes(s));
      }
      if (body.price_map !== undefined) {
        const listIds = new Set((await repo.priceLists(partnerId)).map((l) => Number(l.id)));
        const map = readPriceMap(body.price_map, listIds, stored?.price_types_seen ?? [], errors);
        set.price_map = JSON.stringify(map);
      }
      if (Object.keys(errors).length) return failed(errors);

      if (body.password) set.password_hash = await deps.hashPassword(body.password);
      const accountChanged = (set.login !== undefined && set.login !== stored?.login) || set.password_hash !== undefined;
      try {
        await db.transaction().execute(async (trx) => {
          await exchangeSettingsRepo(trx).upsert(partnerId, set);
          if (accountChanged) await exchangeSettingsRepo(trx).endSessions(partnerId);
        });
      } catch (err) {
        if (isUniqueViolation(err)) return failed({ login: M.loginTaken });
        throw err;
      }
      return ok({}, M.saved);
    },

    /** A page of the log, newest first. */
    async log(partnerId: number, query: { limit: number; offset: number }): Promise<Exchange1cLogAnswer> {
      const [rows, total] = [await repo.runsPage(partnerId, query.limit, query.offset), await repo.countRuns(partnerId)];
      return { ITEMS: rows.map(runItem), ENTITIES: {}, NAV: { CNT: total, CNT_ALL: total } };
    },
  };
}

export type ExchangeSettingsService = ReturnType<typeof exchangeSettingsService>;

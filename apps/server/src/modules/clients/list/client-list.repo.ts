import { sql, type Expression, type OrderByItemBuilder, type SqlBool } from 'kysely';
import type { ClientSort } from '@b2b/contracts/clients';
import { compiledByShape } from '@/db/compiled-once';
import type { Db } from '@/db/database';
import { GENERIC_PLAN, onPresetSessions, withPlannerSettings } from '@/db/planner-settings';
import { likeContains } from '@/db/text-search';
import { PLAN_FIXED_BY_TEXT } from '@/db/prepared-statements';
import { narrows } from '@/http/envelope';

/** Which clients a list shows. Dates are instants: from inclusive, to exclusive. */
export interface ClientListFilter {
  blacklist?: 'Y' | 'N';
  from?: Date;
  to?: Date;
  /** The same range as Moscow days (YYYY-MM-DD), for the counts' read model. */
  fromDay?: string;
  toDay?: string;
  /** Only the members of this group. */
  groupId?: number;
  /** Lower-case text found in the name, INN or e-mail; phoneDigits also in the phone's digits. */
  text?: string;
  phoneDigits?: string;
  /** How many clients the filter matches, when counted already: a text search that finds few reads them by key. */
  matches?: number;
}

/** The name, INN and e-mail as one text, U+0001 between them (no search text holds it), and the phone's digits. */
const SEARCH_TEXT = sql<string>`(lower(c.name) || chr(1) || coalesce(c.inn, '') || chr(1) || lower(coalesce(c.email, '')))`;
const PHONE_DIGITS = sql<string>`regexp_replace(coalesce(c.phone, ''), '[^0-9]', '', 'g')`;

/** At most this many clients a text search finds (counted first) are read on the trigram indexes and sorted. */
const FEW_MATCHES = 1000;

/** Whether a search reads the clients it finds on the trigram indexes: its text finds few (or is not counted yet). */
const onTrigrams = (f: ClientListFilter) => Boolean(f.text) && !(f.matches !== undefined && f.matches > FEW_MATCHES);

/** An instant as the wire has it, whole seconds since the epoch, computed by the database. */
const wireSeconds = (column: string) => sql<number>`floor(extract(epoch from ${sql.ref(column)}))::int8`;
/** Money as the wire has it, a decimal string with two places, rounded by the database. */
const wireMoney = (column: string) => sql<string>`round(${sql.ref(column)}, 2)::text`;

export interface ClientListPage {
  sort: ClientSort;
  order: 'ASC' | 'DESC';
  limit: number;
  offset: number;
}

/** A page, or (`limit` null) every row: an export. */
type PageWithLimit = Omit<ClientListPage, 'limit'> & { limit: number | null };

/** A group's size and the loyalty flag, when the caller has read them already (the group's card). */
export interface KnownCollection {
  all: number;
  loyaltyOn: boolean;
}

/**
 * The client list with its figures, sorted and paged on the server. The order figures come from the
 * client_order_stats read model (triggers keep it current: orders count toward ORDERS_COUNT/SUM/AVERAGE unless
 * CANCELED; LAST_ORDER is the latest order of any status), so sorting 100,000 clients by ORDERS_SUM walks an index
 * instead of aggregating every order. Reads orders, loyalty and price tables it does not own (read only).
 */
export function clientListRepo(db: Db) {
  const filtered = (partnerId: number, f: ClientListFilter, d: Db = db) => {
    const { text, phoneDigits } = f;
    // A text search that finds few clients (or is not counted yet) reads them on the trigram indexes and tests the
    // partner on the rows found (`+ 0`: no index for it). Else the page walked its sort's index testing each client
    // (the planner guesses any text at ~1,600 rows: «7701» read most of 100,000 clients, 124 ms), and a prepared
    // statement's generic plan ANDed the trigram bitmap with the partner's whole name index (100,000 entries, 3–5 ms).
    // A text that finds many walks the sort's index: its page is met within the first rows.
    const partner = onTrigrams(f) ? sql<number>`c.partner_id + 0 ${sql.raw(PLAN_FIXED_BY_TEXT)}` : sql<number>`c.partner_id`;
    let q = d.selectFrom('clients as c').where(partner, '=', partnerId);
    if (f.blacklist) q = q.where('c.blacklisted', '=', f.blacklist === 'Y');
    if (f.from) q = q.where('c.registered_at', '>=', f.from);
    if (f.to) q = q.where('c.registered_at', '<', f.to);
    if (text) {
      // The expressions of the trigram indexes of migration 0057, written as they are there.
      const any = [sql<SqlBool>`${SEARCH_TEXT} like ${likeContains(text)}`];
      if (phoneDigits) any.push(sql<SqlBool>`${PHONE_DIGITS} like ${likeContains(phoneDigits)}`);
      q = q.where(sql<SqlBool>`(${sql.join(any, sql` or `)})`);
    }
    if (f.groupId !== undefined) {
      // The group's members as an array read once, by which the clients are found on their key. As an EXISTS (a
      // semi-join) the list's written join order put the group last: 100,000 clients and their lookups were joined
      // before a group of 98 was kept (0.5-1 s).
      const members = d
        .selectFrom('client_group_members as m')
        .select('m.client_id')
        .where('m.partner_id', '=', partnerId)
        .where('m.group_id', '=', f.groupId);
      q = q.where('c.id', '=', sql<number>`any(array(${members}))`);
    }
    return q;
  };

  const withFigures = (d: Db, partnerId: number, f: ClientListFilter, loyaltyOn: boolean) =>
    filtered(partnerId, f, d)
      .innerJoin('client_order_stats as s', (j) => j.onRef('s.partner_id', '=', 'c.partner_id').onRef('s.client_id', '=', 'c.id'))
      .leftJoin('loyalty_members as lm', (j) =>
        j
          .onRef('lm.partner_id', '=', 'c.partner_id')
          .onRef('lm.client_id', '=', 'c.id')
          .on(sql<SqlBool>`${sql.lit(loyaltyOn)}`),
      )
      .leftJoin('loyalty_statuses as ls', (j) => j.onRef('ls.partner_id', '=', 'lm.partner_id').onRef('ls.id', '=', 'lm.status_id'))
      .leftJoin('price_lists as pl', (j) => j.onRef('pl.partner_id', '=', 'c.partner_id').onRef('pl.id', '=', 'c.price_list_id'))
      .leftJoin('price_lists as bl', (j) => j.onRef('bl.partner_id', '=', 'c.partner_id').on('bl.is_base', '=', true))
      .leftJoin('price_lists as col', (j) => j.onRef('col.partner_id', '=', 'c.partner_id').onRef('col.id', '=', 'c.price_column_id'))
      // Last, by key: written after the others, it adds no join order for the planner to weigh.
      .leftJoin('orders as lo', (j) => j.onRef('lo.partner_id', '=', 's.partner_id').onRef('lo.id', '=', 's.last_order_id'))
      .select((eb) => [
        'c.id',
        'c.name',
        'c.short_name',
        'c.inn',
        'c.blacklisted',
        'c.is_new',
        'c.currency',
        // Dates and money leave the database as the wire writes them: a page of 24 rows parsed no Date or decimal.
        wireSeconds('c.registered_at').as('registered_s'),
        'c.price_type',
        eb.fn.coalesce('pl.id', 'bl.id').as('price_list_id'),
        eb.fn.coalesce('pl.name', 'bl.name').as('price_list_name'),
        eb.fn.coalesce('pl.price_type', 'bl.price_type').as('price_list_type'),
        'col.id as column_id',
        'col.name as column_name',
        's.orders_count',
        wireMoney('s.orders_sum').as('orders_sum'),
        wireMoney('s.orders_average').as('orders_average'),
        'lo.id as last_order_id',
        'lo.order_number as last_order_number',
        'lo.status as last_order_status',
        wireSeconds('lo.created_at').as('last_order_date_s'),
        eb
          .selectFrom('client_group_members as gm')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('gm.partner_id', '=', 'c.partner_id')
          .whereRef('gm.client_id', '=', 'c.id')
          .as('group_cnt'),
        'lm.client_id as loyalty_client_id',
        'lm.enabled as loyalty_enabled',
        wireSeconds('lm.enabled_at').as('loyalty_enabled_s'),
        'lm.card_code',
        wireMoney('lm.balance').as('balance'),
        wireSeconds('lm.date_status_end').as('date_status_end_s'),
        'ls.title as loyalty_status',
      ]);

  /**
   * The blacklist's page keeps its generic plan (its flag is written into the statement): there custom plans looked
   * cheaper, and PGlite's one session planned it afresh on every call (5–11 ms of planning for 2 ms of work). Only
   * there: on the other lists a transaction's three statements cost more than they saved (a group's page at
   * concurrency 32: 97 → 153 ms). Joins in written order (join_collapse_limit = 1) went with the extra pools in
   * issue 40: it measured 15–30 % worse than none.
   */
  const planned = <T>(run: (d: Db) => Promise<T>, f: ClientListFilter = {}) => {
    if (f.blacklist) return withPlannerSettings(db, GENERIC_PLAN, run);
    // A search on the trigram indexes: its plan is fixed by its text (PLAN_FIXED_BY_TEXT), so it is planned once per
    // session. Planned on each call, binding its page took 2.2 ms and running it 1.5 («7701», 100,000 clients). Issue 40
    // A/B, c = 32, CPU per request: «Ромашка» 5.06 → 1.61 ms, «Иван» 5.32 → 2.40, «7701» 6.65 → 3.47, «+7 926» 5.53 → 3.18.
    if (onTrigrams(f)) return onPresetSessions(db, GENERIC_PLAN, run);
    return run(db);
  };

  /** Whether the client_counts read model answers the filter's count exactly: no group and no text in it. */
  const readModelCounts = (f: ClientListFilter) =>
    f.groupId === undefined && !f.text && (!f.from || Boolean(f.fromDay)) && (!f.to || Boolean(f.toDay));

  /**
   * Borrowed, read-only: whether the partner runs the loyalty programme (it decides which columns the list shows),
   * asked with the list's first count instead of in a statement of its own.
   */
  const loyaltyFlag = (partnerId: number) => sql<boolean | null>`(select p.loyalty_enabled from partners p where p.id = ${partnerId})`;

  const countOnTable = async (partnerId: number, f: ClientListFilter) => {
    const row = await planned(
      (d) =>
        filtered(partnerId, f, d)
          .select((eb) => [eb.fn.countAll<number>().as('n'), loyaltyFlag(partnerId).as('loyalty_on')])
          .executeTakeFirstOrThrow(),
      f,
    );
    return { n: Number(row.n), loyaltyOn: Boolean(row.loyalty_on) };
  };

  /**
   * The read model's count of the filter and of all the partner's clients as one value (the two numbers in a text, a
   * space between: a page repeats it on each of its rows, and a text is not parsed as an array would be): a column of
   * a statement of its own, or of a page's, read once (it refers to nothing of the page's rows).
   */
  const readModelCountsColumn = (partnerId: number, f: ClientListFilter) => {
    const match: Expression<SqlBool>[] = [];
    if (f.blacklist) match.push(sql<SqlBool>`blacklisted = ${f.blacklist === 'Y'}`);
    if (f.fromDay) match.push(sql<SqlBool>`day >= ${f.fromDay}`);
    if (f.toDay) match.push(sql<SqlBool>`day <= ${f.toDay}`);
    const matching = match.length ? sql`sum(n) filter (where ${sql.join(match, sql` and `)})` : sql`sum(n)`;
    return sql<string>`(select coalesce(${matching}, 0) || ' ' || coalesce(sum(n), 0) from client_counts where partner_id = ${partnerId})`;
  };

  /** The columns a page carries its list's counts in (`pageWithCounts`), read as `countsOf` reads them. */
  const countsColumns = (partnerId: number, f: ClientListFilter) =>
    [readModelCountsColumn(partnerId, f).as('t_counts'), loyaltyFlag(partnerId).as('t_loyalty_on')] as const;
  const countsOf = (row: { t_counts: string | null; t_loyalty_on: boolean | null }) => {
    const [cnt, all] = (row.t_counts ?? '0 0').split(' ').map(Number);
    return { cnt, all, loyaltyOn: Boolean(row.t_loyalty_on) };
  };

  /** The read model's count of the filter and of all the partner's clients, in one statement. */
  const readModelPair = async (partnerId: number, f: ClientListFilter) =>
    countsOf(await db.selectNoFrom(countsColumns(partnerId, f)).executeTakeFirstOrThrow());

  /**
   * A page's statement. A group's page sorted by the client's own columns or its order figures picks its ids on
   * those two tables first and joins the rest for the page's rows only: a group of 180 was joined whole (loyalty,
   * price lists, group counts) to show 24 (1.9 -> 1.4 ms). The whole list walks its sort's index instead, and stops
   * at the page's last row.
   */
  const pageQuery = (partnerId: number, f: ClientListFilter, p: PageWithLimit, loyaltyOn: boolean, counted = false) => {
    const dir = p.order === 'ASC' ? 'asc' : 'desc';
    const key = SORT_BY[p.sort];
    // Only a sort that can meet nulls says where they go: the others stay servable by a plain index.
    const modifiers = (ob: OrderByItemBuilder) => {
      const ordered = dir === 'asc' ? ob.asc() : ob.desc();
      return NOT_NULL_SORTS.has(p.sort) ? ordered : ordered.nullsLast();
    };
    if (p.limit !== null && f.groupId !== undefined && FIGURES_SORTS.has(p.sort)) {
      // Every client has its figures' row (a trigger adds it with the client): a sort of the client's own
      // columns needs no join.
      const members = filtered(partnerId, f);
      const ids = (
        CLIENT_SORTS.has(p.sort)
          ? members
          : members.innerJoin('client_order_stats as s', (j) => j.onRef('s.partner_id', '=', 'c.partner_id').onRef('s.client_id', '=', 'c.id'))
      )
        .select('c.id')
        .orderBy(key, modifiers)
        .orderBy('c.id', dir)
        .offset(p.offset)
        .limit(p.limit);
      return withFigures(db, partnerId, {}, loyaltyOn)
        .where('c.id', '=', sql<number>`any(array(${ids}))`)
        .orderBy(key, modifiers)
        .orderBy('c.id', dir)
        .compile();
    }
    let q = withFigures(db, partnerId, f, loyaltyOn).orderBy(key, modifiers).orderBy('c.id', dir).offset(p.offset);
    if (p.limit !== null) q = q.limit(p.limit);
    return counted ? q.select(countsColumns(partnerId, f)).compile() : q.compile();
  };

  /** What a page's statement depends on besides its values (the partner, the dates, the group): a text search aside. */
  interface PageShape {
    /** Written into the statement (db/paging-compiler.ts). */
    blacklist: 'Y' | 'N' | null;
    from: boolean;
    to: boolean;
    group: boolean;
    loyaltyOn: boolean;
    page: PageWithLimit;
    /** Its rows carry the list's counts from the read model (`pageWithCounts`). */
    counted: boolean;
  }
  const pageByShape = compiledByShape((s: PageShape, slot) =>
    pageQuery(
      slot<number>('partnerId'),
      {
        ...(s.blacklist ? { blacklist: s.blacklist } : {}),
        ...(s.from ? { from: slot<Date>('from') } : {}),
        ...(s.to ? { to: slot<Date>('to') } : {}),
        ...(s.counted && s.from ? { fromDay: slot<string>('fromDay') } : {}),
        ...(s.counted && s.to ? { toDay: slot<string>('toDay') } : {}),
        ...(s.group ? { groupId: slot<number>('groupId') } : {}),
      },
      s.page,
      s.loyaltyOn,
      s.counted,
    ),
  );
  const shapeOf = (f: ClientListFilter, p: PageWithLimit, loyaltyOn: boolean, counted: boolean): PageShape => ({
    blacklist: f.blacklist ?? null,
    from: Boolean(f.from),
    to: Boolean(f.to),
    group: f.groupId !== undefined,
    loyaltyOn,
    page: { sort: p.sort, order: p.order, limit: p.limit, offset: p.offset },
    counted,
  });

  return {
    count: async (partnerId: number, f: ClientListFilter) =>
      readModelCounts(f) ? (await readModelPair(partnerId, f)).cnt : (await countOnTable(partnerId, f)).n,

    /**
     * The list's NAV: the filter's count and the collection's (all the partner's clients, or all the group's
     * members), from the read model in one statement when it can; and whether the partner's loyalty programme is on.
     */
    counts: async (partnerId: number, f: ClientListFilter, known?: KnownCollection): Promise<{ cnt: number; all: number; loyaltyOn: boolean }> => {
      if (readModelCounts(f)) return readModelPair(partnerId, f);
      const collection: ClientListFilter = { groupId: f.groupId };
      const { groupId: _collection, ...criteria } = f;
      if (!known && readModelCounts(collection) && narrows(criteria)) {
        // A search of all the clients: its count on the table and the read model's in one statement (3 → 2 with the
        // page). Issue 40 A/B, c = 32, CPU per request (two runs each): «Ромашка» 2.89–3.33 → 2.37–2.56 ms, «Иван» 3.58–4.18 → 3.36–3.64,
        // «7701» 5.06–5.52 → 4.30–4.86, «+7 926» even (a busy machine).
        const row = await planned(
          (d) =>
            filtered(partnerId, f, d)
              .select((eb) => [eb.fn.countAll<number>().as('n'), ...countsColumns(partnerId, collection)])
              .executeTakeFirstOrThrow(),
          f,
        );
        return { ...countsOf(row), cnt: Number(row.n) };
      }
      const { all, loyaltyOn } = known
        ? known
        : readModelCounts(collection)
          ? await readModelPair(partnerId, collection)
          : await countOnTable(partnerId, collection).then((c) => ({ all: c.n, loyaltyOn: c.loyaltyOn }));
      return { cnt: narrows(criteria) ? (await countOnTable(partnerId, f)).n : all, all, loyaltyOn };
    },

    /**
     * One page; `limit` null gives every row (exports). Without a text search its statement is built once per shape
     * (the filters set, the flags and the page): the list's common requests pay no query building. Kept (issue 40
     * A/B, c = 32, CPU per request): built each time, with the counts as two columns, it cost +17–36 %.
     */
    page: (partnerId: number, f: ClientListFilter, p: PageWithLimit, loyaltyOn: boolean) =>
      planned(async (d) => {
        if (f.text) return (await d.executeQuery(pageQuery(partnerId, f, p, loyaltyOn))).rows;
        return pageByShape(d, shapeOf(f, p, loyaltyOn, false), { partnerId, from: f.from, to: f.to, groupId: f.groupId });
      }, f),

    /**
     * A page and its list's counts in one statement, when the read model counts the filter (no group, no text): the
     * list's common requests cost one round trip. The page is built for `assumedLoyaltyOn` (the columns and joins it
     * decides); the counts tell the flag as it is, and a caller that assumed wrong reads the page again (`page`).
     * No counts when the page is empty (past the last row): `counts` tells them. Kept (issue 40 A/B): the counts
     * first and then the page, two statements, cost +15–40 % CPU per request on the common lists.
     */
    pageWithCounts: async (partnerId: number, f: ClientListFilter, p: ClientListPage, assumedLoyaltyOn: boolean) => {
      if (!readModelCounts(f)) return undefined;
      type CountedRow = Awaited<ReturnType<typeof pageByShape>>[number] & Parameters<typeof countsOf>[0];
      const found = (await planned(
        (d) => pageByShape(d, shapeOf(f, p, assumedLoyaltyOn, true), { partnerId, from: f.from, to: f.to, fromDay: f.fromDay, toDay: f.toDay }),
        f,
      )) as CountedRow[];
      if (!found.length) return { rows: [], counts: undefined };
      return { rows: found.map(({ t_counts: _c, t_loyalty_on: _l, ...row }) => row), counts: countsOf(found[0]) };
    },

    /** The same row for one client (the card). */
    one: async (partnerId: number, id: number, loyaltyOn: boolean) =>
      (await planned((d) => withFigures(d, partnerId, {}, loyaltyOn).where('c.id', '=', id).execute()))[0],
  };
}

export type ClientListRow = Awaited<ReturnType<ReturnType<typeof clientListRepo>['page']>>[number];

/** Sorts by the client's own columns or its order figures (aliases c and s): a page's ids are found on those alone. */
const FIGURES_SORTS = new Set<ClientSort>(['NAME', 'REGISTRATION_DATE', 'ORDERS_COUNT', 'ORDERS_SUM', 'ORDERS_AVERAGE', 'LAST_ORDER']);

/** Sorts by the client's own columns (alias c). */
const CLIENT_SORTS = new Set<ClientSort>(['NAME', 'REGISTRATION_DATE']);

/** Sorts whose key is never null (indexes serve them in both directions). */
const NOT_NULL_SORTS = new Set<ClientSort>(['NAME', 'REGISTRATION_DATE', 'ORDERS_COUNT', 'ORDERS_SUM', 'ORDERS_AVERAGE']);

/** What each column sorts by (the list's aliases: c, s, lo, lm, ls, pl, bl, col); PRICE_TYPE as it is shown. */
const SORT_BY: Record<ClientSort, Expression<unknown>> = {
  NAME: sql`lower(c.name)`,
  PRICE_TYPE: sql`coalesce(pl.name, bl.name) || coalesce(' / ' || col.name, '')`,
  REGISTRATION_DATE: sql`c.registered_at`,
  ORDERS_COUNT: sql`s.orders_count`,
  ORDERS_SUM: sql`s.orders_sum`,
  ORDERS_AVERAGE: sql`s.orders_average`,
  LAST_ORDER: sql`s.last_order_at`,
  STATUS: sql`ls.sort`,
  BALANCE: sql`lm.balance`,
  CARD_CODE: sql`lm.card_code`,
  IS_AVAIL: sql`(lm.client_id is not null)`,
  ENABLED: sql`lm.enabled`,
  ENABLED_DATE: sql`lm.enabled_at`,
};

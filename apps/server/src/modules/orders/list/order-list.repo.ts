import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { OrderStatus } from '@b2b/contracts/limits';
import { compiledByShape, type SlotOf } from '@/db/compiled-once';
import type { Db } from '@/db/database';
import { GENERIC_PLAN, onPresetSessions, SORT_INDEX_WALK } from '@/db/planner-settings';
import { PLAN_FIXED_BY_TEXT } from '@/db/prepared-statements';
import type { DB } from '@/db/schema';
import { likeContains, SHORTEST_SUFFIX, suffixStartingWith } from '@/db/text-search';

/** The list filter, already turned into instants, Moscow days and patterns. */
export interface OrderFilter {
  status?: OrderStatus;
  clientId?: number;
  /** created_at >= from, the start of the Moscow day fromDay (YYYY-MM-DD). */
  from?: Date;
  fromDay?: string;
  /** created_at < to, the end of the Moscow day toDay. */
  to?: Date;
  toDay?: string;
  /** Lower-case text to find in the order number, client name or e-mail. */
  text?: string;
  /** Digits to find in the contact phone (only for phone-like queries). */
  phoneDigits?: string;
}

export type OrderSort = 'CREATE_DATE' | 'ORDER_NUMBER' | 'STATUS' | 'CLIENT' | 'POSITION_COUNT' | 'POSITION_SUM';
export type Direction = 'asc' | 'desc';

/** What each sort orders by; each has a (partner_id, key, id) index (migration 0012). */
const SORT_KEYS: Record<OrderSort, Expression<unknown>> = {
  CREATE_DATE: sql`o.created_at`,
  ORDER_NUMBER: sql`o.order_number`,
  // The workflow's order, not the alphabet's.
  STATUS: sql`o.status_rank`,
  CLIENT: sql`lower(o.client_name)`,
  POSITION_COUNT: sql`o.position_count`,
  POSITION_SUM: sql`o.position_sum`,
};

/** The list's counts: all the orders, the NEW ones, the filter's when the read model knows it; the shop's name. */
export interface Totals {
  all: number;
  new: number;
  matching?: number;
  shopName: string | null;
}

/** Where a keyset page starts: after the row with this sort key and id. */
export interface PageAfter {
  key: unknown;
  id: number;
}

/**
 * A text search counts at most this many matches: a broad word matches tens of thousands of a large supplier's
 * orders, and counting them all (reading each from the heap) would cost more than the page itself.
 */
export const SEARCH_COUNT_LIMIT = 1000;

/** A broad search's pages up to this row walk the sort's index (SORT_INDEX_WALK); deeper ones are rare. */
const INDEX_WALK_UP_TO = 200;

/** The matching clients whose order counts make a text search's lower bound (enough to pass the cap for a common word). */
const CLIENTS_FOR_BOUND = 100;

/** Beyond this offset a page first finds its ids on the index alone, then reads only those rows. */
const DEFERRED_JOIN_FROM = 500;

/** The client's name and the contact e-mail as the search's trigram index has them (migration 0031). */
const NAME_AND_EMAIL = sql<string>`lower(o.client_name || chr(1) || coalesce(o.contact_email, ''))`;

/**
 * How a text search's condition is written. `index`: for the search's indexes (the number's and the phone's
 * suffixes, the name's and e-mail's trigrams), when the matches are found through them. `rows`: a LIKE on the
 * stored search text, when the rows come from another index (a broad search walking the date's, a page's rows by
 * id) and each is tested: building a row's suffixes to test it costs microseconds, a thousand rows milliseconds.
 */
type TextMatch = 'index' | 'rows';

/**
 * A text search's values as its statements bind them: the patterns made of the text rather than the text, so that a
 * statement compiled once per shape (compiledByShape) binds them as they are.
 */
interface TextValues {
  /** The text anywhere (LIKE). */
  contains: string;
  /** The number's suffix query; none for a text shorter than SHORTEST_SUFFIX, which the number matches by LIKE. */
  suffix?: string;
  /** The phone's digits anywhere, for a phone-like text. */
  phoneContains?: string;
  phoneSuffix?: string;
}

/** The filter as the statements take it: its text as the values they bind. */
type Where = Omit<OrderFilter, 'text' | 'phoneDigits'> & { text?: TextValues };

/** Whether the suffix index can find `text`: as long as its shortest suffix, in code points (as the database counts). */
const suffixIndexed = (text: string) => [...text].length >= SHORTEST_SUFFIX;

function whereOf({ text, phoneDigits, ...rest }: OrderFilter): Where {
  if (!text) return rest;
  return {
    ...rest,
    text: {
      contains: likeContains(text),
      suffix: suffixIndexed(text) ? suffixStartingWith(text) : undefined,
      phoneContains: phoneDigits ? likeContains(phoneDigits) : undefined,
      phoneSuffix: phoneDigits && suffixIndexed(phoneDigits) ? suffixStartingWith(phoneDigits) : undefined,
    },
  };
}

/** A filter's values by the names of its statements' slots (the text as its patterns). */
const valuesOf = (partnerId: number | undefined, { text, ...where }: Where): Record<string, unknown> => ({ partnerId, ...where, ...text });

/** What a filter's statement text depends on (with the sort and the page's bounds): which of its values are set. */
const setIn = (values: Record<string, unknown>) => Object.keys(values).filter((name) => values[name] !== undefined);

/** The filter of a statement compiled once per shape: a slot in the place of each value that is set. */
function slotted(set: string[], slot: SlotOf): { partnerId: number | undefined; where: Where } {
  const { partnerId, contains, suffix, phoneContains, phoneSuffix, ...where } = Object.fromEntries(set.map((name) => [name, slot(name)]));
  if (contains !== undefined) (where as Where).text = { contains, suffix, phoneContains, phoneSuffix } as TextValues;
  return { partnerId: partnerId as number | undefined, where };
}

/** A field holding the text: on its suffix index when there is a suffix query, else by LIKE. */
const inSuffixes = (field: Expression<string>, contains: string, suffix: string | undefined): Expression<SqlBool> =>
  suffix === undefined
    ? sql<SqlBool>`${field} like ${contains}`
    : sql<SqlBool>`text_suffixes(${field}, ${sql.lit(SHORTEST_SUFFIX)}) @@ ${suffix}::tsquery`;

const flip = (d: Direction): Direction => (d === 'asc' ? 'desc' : 'asc');
/** The direction as SQL's ORDER BY writes it. */
const sqlDirection = (d: Direction) => (d === 'asc' ? sql`asc` : sql`desc`);

/**
 * The order list's reads, on the orders table alone: the client's name and the search text live on the order
 * (triggers keep them), counts come from the order_counts read model where the filter allows. What they answer is
 * order-list.reference.ts's plain query, which the tests hold every variant below to (order-list.reference.api.test.ts).
 * The variants, with what each gains (PostgreSQL's large set, 1,000,000 orders; a request's CPU at c = 32 in the
 * bench, a statement's time in EXPLAIN ANALYZE):
 * - totalsAndPage: the totals and a first page in one statement, one round trip instead of two — the default list
 *   0.89 -> 0.63 ms CPU, status NEW 0.88 -> 0.65, the busiest client 1.19 -> 0.93 (−22 … −29 %).
 * - seekPage: a deep page by date starts at the day the day/status read model places it on — offset 100,000 in
 *   2.0 ms CPU, where the deferred page skips 100,000 index entries (41 ms a statement).
 * - deferredPage: any other deep page skips on the sort's index alone, then reads its rows — by sum at offset
 *   100,000 41 ms a statement against 1,065 ms reading the rows it skips.
 * - the back half read from the other end: the last page by sum 0.03 ms a statement against 531 ms.
 * - a broad search walks the sort's index (SORT_INDEX_WALK): under 1 ms against 25–40 ms (db/planner-settings.ts); on
 *   PostgreSQL its statement is prepared on the GENERIC_PLAN sessions (the walk is its generic plan): CPU per request
 *   at c = 1 4.3–5.3 → 3.3–3.4 ms against SET LOCAL in a transaction of its own (issue 40 A/B, «меридиан»).
 * - a search finds its matches once for its count and page, capped at SEARCH_COUNT_LIMIT and bounded from the
 *   clients' kept counts (see `search`, clientOrdersAtLeast).
 * - statements compiled once per shape (compiledByShape): without them a search, the day seek and a client's totals
 *   and page cost 0.2–0.4 ms more per request (+10 … +19 %); the plain lists' are within the noise.
 */
export function orderListRepo(db: Db) {
  /** `partnerId` undefined: every partner's orders (the manager's list, sorted by date only); `on`: the sessions to ask. */
  const filtered = (partnerId: number | undefined, f: Where, on: Db = db, match: TextMatch = 'index') => {
    let q = on.selectFrom('orders as o');
    if (partnerId !== undefined) q = q.where('o.partner_id', '=', partnerId);
    // A tombstone of an order routed to another partner (CANCELED, migration 0049) is in no list. Tested whatever the
    // status filter: a statement compiled once per shape binds the status later, so its value is not known here.
    q = q.where('o.routed_to_order_id', 'is', null);
    if (f.status) q = q.where('o.status', '=', f.status);
    if (f.clientId) q = q.where('o.client_id', '=', f.clientId);
    if (f.from) q = q.where('o.created_at', '>=', f.from);
    if (f.to) q = q.where('o.created_at', '<', f.to);
    const { text } = f;
    if (text) {
      q = q.where((eb) => {
        if (match === 'rows') {
          const like: Expression<SqlBool>[] = [eb('o.search_text', 'like', text.contains)];
          if (text.phoneContains) like.push(eb('o.phone_digits', 'like', text.phoneContains));
          return eb.or(like);
        }
        // The name first: a row the trigrams found is rechecked, and it matched by its name.
        const any: Expression<SqlBool>[] = [
          eb(NAME_AND_EMAIL, 'like', text.contains),
          inSuffixes(sql`lower(o.order_number)`, text.contains, text.suffix),
        ];
        if (text.phoneContains) any.push(inSuffixes(sql`o.phone_digits`, text.phoneContains, text.phoneSuffix));
        return eb.or(any);
      });
    }
    return q;
  };

  const rows = (partnerId: number | undefined, f: Where, sort: OrderSort, on: Db = db, match: TextMatch = 'index') =>
    filtered(partnerId, f, on, match)
      .leftJoin('tradepoints as tp', (j) => j.onRef('tp.partner_id', '=', 'o.partner_id').onRef('tp.id', '=', 'o.tradepoint_id'))
      .select((eb) => [
        'o.partner_id',
        'o.id',
        'o.order_number',
        'o.created_at',
        'o.status',
        'o.client_id',
        'o.client_name',
        'o.contact_name',
        'o.contact_phone',
        'o.contact_email',
        'o.payment_type',
        'o.currency',
        'o.currency_rate',
        'o.position_count',
        'o.position_sum',
        'o.position_margin',
        'o.comment',
        'o.shop_comment',
        'o.min_order_sum',
        // The goods in the order's currency, Σ quantity × cur_price (issue 38.7): a rouble order's is its stored sum, so
        // only another currency's lines are read.
        sql<string>`case when o.currency = 'RUB' then o.position_sum else (
          select coalesce(sum(i.quantity * i.cur_price), 0) from order_items i where i.partner_id = o.partner_id and i.order_id = o.id
        ) end`.as('cur_position_sum'),
        eb.fn.coalesce('o.address', 'tp.address').as('address'),
        sql<unknown>`${SORT_KEYS[sort]}`.as('sort_key'),
      ]);

  /**
   * The rows of ids a filter has already picked, in the sort's order. By their ids alone: the same statement for any
   * filter (a text search's is prepared once, not planned per pattern), the ids an array (one statement for any count).
   */
  const byIdsStatement = compiledByShape((s: { every: boolean; sort: OrderSort; direction: Direction }, slot) =>
    rows(s.every ? undefined : slot<number>('partnerId'), {}, s.sort)
      .where('o.id', '=', sql<number>`any(${slot<number[]>('ids')}::bigint[])`)
      .orderBy(SORT_KEYS[s.sort], s.direction)
      .orderBy('o.id', s.direction)
      .compile(),
  );
  const byIds = (partnerId: number | undefined, ids: number[], sort: OrderSort, direction: Direction, on: Db = db) =>
    byIdsStatement(on, { every: partnerId === undefined, sort, direction }, { partnerId, ids });

  /**
   * At least how many orders a text search finds, from the clients' names alone: every order of a client whose name
   * holds the text matches it. The first CLIENTS_FOR_BOUND such clients are found on the names' trigram index and
   * their order counts (not canceled) read from the kept figures: a millisecond, where finding a thousand of the
   * orders themselves reads tens of thousands.
   */
  const clientOrdersAtLeast = (partnerId: number, contains: string) => {
    // The names are found apart from the partner's condition (`offset 0`: planned apart), on their trigrams: with it,
    // PostgreSQL read the partner's clients one by one, testing each name until it had a hundred (thousands of names
    // for a common word, all 100,000 for a word no client has: 5–10 ms, where the trigrams take 1–2 ms).
    const named = db
      .selectFrom('clients as c')
      .select(['c.partner_id', 'c.id'])
      .where(sql`lower(c.name)`, 'like', contains)
      .offset(0);
    const some = db
      .selectFrom(named.as('c'))
      .innerJoin('client_order_stats as s', (j) => j.onRef('s.partner_id', '=', 'c.partner_id').onRef('s.client_id', '=', 'c.id'))
      .select('s.orders_count as n')
      .where('c.partner_id', '=', partnerId)
      .limit(CLIENTS_FOR_BOUND);
    return db.selectFrom(some.as('x')).select((eb) => eb.fn.coalesce(eb.fn.sum<number>('x.n'), sql<number>`0`).as('n'));
  };

  /** Whether the day/status read model answers the filter's count exactly: no client and no text in it. */
  const readModelCounts = (f: { clientId?: number; text?: unknown }) => !f.clientId && !f.text;

  /** The read model's rows the filter keeps (its status and Moscow days). */
  const readModelMatch = (eb: ExpressionBuilder<DB, 'order_counts'>, f: Where) => {
    const all: Expression<SqlBool>[] = [];
    if (f.status) all.push(eb('status', '=', f.status));
    if (f.fromDay) all.push(eb('day', '>=', f.fromDay));
    if (f.toDay) all.push(eb('day', '<=', f.toDay));
    return all;
  };

  /**
   * A page by offset. A deep one skips its offset on the sort's index alone (ids only, no row reads), then reads
   * the page's rows by key: skipping 100,000 entries of an index costs a fraction of reading 100,000 orders.
   */
  const offsetPage = async (
    partnerId: number | undefined,
    f: Where,
    sort: OrderSort,
    direction: Direction,
    limit: number,
    offset: number,
    on: Db = db,
    match: TextMatch = 'index',
  ) => {
    if (offset < DEFERRED_JOIN_FROM) {
      return rows(partnerId, f, sort, on, match).orderBy(SORT_KEYS[sort], direction).orderBy('o.id', direction).limit(limit).offset(offset).execute();
    }
    const values = valuesOf(partnerId, f);
    return deferredPageStatement(on, { set: setIn(values), match, sort, direction, limit, offset }, values);
  };

  /**
   * A deep page in one statement: its ids found on the sort's index alone (an InitPlan: skipping entries of an index
   * reads no rows), then only those rows read by key. Compiled once per shape (its bounds are written into it).
   */
  const deferredPageStatement = compiledByShape(
    (s: { set: string[]; match: TextMatch; sort: OrderSort; direction: Direction; limit: number; offset: number }, slot) => {
      const { partnerId, where } = slotted(s.set, slot);
      const ids = filtered(partnerId, where, db, s.match)
        .select('o.id')
        .orderBy(SORT_KEYS[s.sort], s.direction)
        .orderBy('o.id', s.direction)
        .limit(s.limit)
        .offset(s.offset);
      return rows(partnerId, {}, s.sort)
        .where('o.id', '=', sql<number>`any(array(${ids}))`)
        .orderBy(SORT_KEYS[s.sort], s.direction)
        .orderBy('o.id', s.direction)
        .compile();
    },
  );

  /**
   * Where a deep page of the list by date starts, from the day/status read model: the Moscow day it reaches (its
   * start or, newest first, its end: `bound`) and how many of the list's orders from that bound on come before it
   * (`skip`), so the page skips a day's orders instead of a hundred thousand. No row past the list's end.
   */
  const daySeek = (partnerId: number, f: Where, direction: Direction, offset: number) => {
    const perDay = db
      .selectFrom('order_counts')
      .select((eb) => ['day', eb.fn.sum<number>('n').as('n')])
      .where('partner_id', '=', partnerId)
      .where((eb) => eb.and(readModelMatch(eb, f)))
      .groupBy('day');
    const dir = sqlDirection(direction);
    const cumulative = db.selectFrom(perDay.as('d')).select(['d.day', 'd.n', sql<number>`sum(d.n) over (order by d.day ${dir})`.as('through')]);
    const edge = direction === 'asc' ? sql`c.day` : sql`c.day + 1`;
    return db
      .selectFrom(cumulative.as('c'))
      .select([sql<Date>`(${edge})::timestamp at time zone 'Europe/Moscow'`.as('bound'), sql<number>`${offset} - (c.through - c.n)`.as('skip')])
      .where('c.through', '>', offset)
      .orderBy('c.day', direction)
      .limit(1);
  };

  /**
   * A deep page of the list by date in one statement: the day seek's row (`daySeek`), then the page's ids from its
   * bound on, skipping its `skip`, on the date's index alone, then only those rows by key. Compiled once per shape.
   */
  const seekPageStatement = compiledByShape((s: { set: string[]; direction: Direction; limit: number }, slot) => {
    const { partnerId, where } = slotted(s.set, slot);
    const key = SORT_KEYS.CREATE_DATE;
    const ids = filtered(partnerId, where)
      .where('o.created_at', s.direction === 'desc' ? '<' : '>=', sql<Date>`seek.bound`)
      .select('o.id')
      .orderBy(key, s.direction)
      .orderBy('o.id', s.direction)
      .limit(s.limit)
      .offset(sql<number>`seek.skip`);
    const page = rows(partnerId, {}, 'CREATE_DATE').where('o.id', '=', sql<number>`any(array(${ids}))`);
    const dir = sqlDirection(s.direction);
    return sql<PageRow>`select p.* from (${daySeek(partnerId!, where, s.direction, slot<number>('offset'))}) seek
        cross join lateral (${page}) p order by p.sort_key ${dir}, p.id ${dir}`.compile(db);
  });

  /**
   * The totals' statement (see `totals`), also read as a part of a text search's: all the orders and the NEW ones from
   * the per-status read model, and so the filter's count unless it has dates, which the day/status one counts, or a
   * client, whose orders are counted on their index (a client's orders are few beside the partner's). A text's
   * matches are counted by the search.
   */
  const totalsQuery = (partnerId: number | undefined, f: Where) => {
    const exact = readModelCounts(f);
    const byDays = exact && Boolean(f.fromDay || f.toDay);
    return db
      .selectFrom('order_status_counts as sc')
      .select((eb) => {
        const inDays = () => {
          let days = db.selectFrom('order_counts').select((d) => d.fn.sum<number>('n').as('n'));
          if (partnerId !== undefined) days = days.where('partner_id', '=', partnerId);
          return days.where((d) => d.and(readModelMatch(d, f)));
        };
        const matching = f.text
          ? sql<number>`null`
          : !exact
            ? sql<number>`(${filtered(partnerId, f).select((c) => c.fn.countAll<number>().as('n'))})`
            : byDays
              ? inDays()
              : f.status
                ? eb.fn.sum<number>('sc.n').filterWhere('sc.status', '=', f.status)
                : eb.fn.sum<number>('sc.n');
        return [
          eb.fn.coalesce(eb.fn.sum<number>('sc.n'), sql<number>`0`).as('all'),
          eb.fn.coalesce(eb.fn.sum<number>('sc.n').filterWhere('sc.status', '=', 'NEW'), sql<number>`0`).as('new'),
          eb.fn.coalesce(matching, sql<number>`0`).as('matching'),
          // Borrowed, read-only: the shop's name that every row shows (one statement less per page).
          (partnerId === undefined
            ? sql<string | null>`null`
            : sql<string | null>`(select s.name from shops s where s.partner_id = ${partnerId})`
          ).as('shop_name'),
        ];
      })
      .$if(partnerId !== undefined, (q) => q.where('sc.partner_id', '=', partnerId!));
  };

  const totalsOf = (f: { text?: unknown }, row: { all: unknown; new: unknown; matching: unknown; shop_name: string | null }): Totals => ({
    all: Number(row.all),
    new: Number(row.new),
    matching: f.text ? undefined : Number(row.matching),
    shopName: row.shop_name,
  });

  /**
   * The list's counts in one statement on the read model: all of the partner's orders, the NEW ones (CNT_ALL and
   * NEW_CNT) and, when the read model can answer it, the filter's (`matching`; else undefined: count()); with a
   * partner, its shop's name too.
   */
  const totals = async (partnerId: number | undefined, f: Where = {}) => totalsOf(f, await totalsQuery(partnerId, f).executeTakeFirstOrThrow());

  /**
   * One page by offset, ties broken by id in the same direction (stable paging). `count` is the filter's count as
   * the list has it (a text search's is capped: `more`). A deep page by date starts at the day the read model
   * places it on (`seek`); a page in the back half of an exact count is read from the other end (offset from the
   * end, reversed): the last page costs what the first does, and no page walks more than half of the list's index.
   */
  const page = async (
    partnerId: number | undefined,
    f: Where,
    sort: OrderSort,
    direction: Direction,
    { limit, offset }: { limit: number; offset: number },
    count?: { n: number; more: boolean },
    seek = true,
  ): Promise<PageRow[]> => {
    // Its first pages walk the sort's index: at least one row in a thousand matches. Not by client: a word of the
    // clients' names gathers its matches in one stretch of that index, which the walk would reach only at its end.
    if (count?.more && sort !== 'CLIENT' && offset + limit <= INDEX_WALK_UP_TO) {
      const values = valuesOf(partnerId, f);
      return onPresetSessions(
        db,
        GENERIC_PLAN,
        (d) => walkStatement(d, { set: setIn(values), sort, direction, limit, offset }, values),
        SORT_INDEX_WALK,
      );
    }
    // The back half from the other end, as the front half is read (the last page: one statement, like the first).
    const total = count && !count.more ? count.n : undefined;
    if (total !== undefined && offset > total / 2 && offset < total) {
      const take = Math.min(limit, total - offset);
      const fromEnd = total - offset - take;
      return (await page(partnerId, f, sort, flip(direction), { limit: take, offset: fromEnd }, count, seek)).reverse();
    }
    if (seek && sort === 'CREATE_DATE' && partnerId !== undefined && readModelCounts(f) && offset >= DEFERRED_JOIN_FROM) {
      const values = valuesOf(partnerId, f);
      return seekPageStatement(db, { set: setIn(values), direction, limit }, { ...values, offset });
    }
    return offsetPage(partnerId, f, sort, direction, limit, offset);
  };

  type PageRow = Awaited<ReturnType<typeof offsetPage>>[number];
  /**
   * A broad search's page walking the sort's index (SORT_INDEX_WALK), each row tested by LIKE: compiled once per shape,
   * and on PostgreSQL prepared on the GENERIC_PLAN sessions (PLAN_FIXED_BY_TEXT): one generic plan, the walk, whatever
   * the text. PGlite, which prepares no text search, runs it with SORT_INDEX_WALK set in its transaction.
   */
  const walkStatement = compiledByShape((s: { set: string[]; sort: OrderSort; direction: Direction; limit: number; offset: number }, slot) => {
    const { partnerId, where } = slotted(s.set, slot);
    return rows(partnerId, where, s.sort, db, 'rows')
      .orderBy(SORT_KEYS[s.sort], s.direction)
      .orderBy('o.id', s.direction)
      .limit(s.limit)
      .offset(s.offset)
      .modifyEnd(sql.raw(PLAN_FIXED_BY_TEXT))
      .compile();
  });
  type TotalsAndPageRow = PageRow & { t_all: unknown; t_new: unknown; t_matching: unknown; t_shop_name: string | null };
  /** Built and compiled once per shape: the list's most common request pays no query building. */
  const totalsAndPageStatement = compiledByShape(
    (s: { set: string[]; sort: OrderSort; direction: Direction; limit: number; offset: number }, slot) => {
      const { partnerId, where: f } = slotted(s.set, slot);
      const pageRows = rows(partnerId, f, s.sort)
        .orderBy(SORT_KEYS[s.sort], s.direction)
        .orderBy('o.id', s.direction)
        .limit(s.limit)
        .offset(s.offset);
      const dir = sqlDirection(s.direction);
      // A select, not a CTE: the embedded database prepares reads that start with one (db/pglite-prepared.ts).
      return sql<TotalsAndPageRow>`
      select t.all as t_all, t.new as t_new, t.matching as t_matching, t.shop_name as t_shop_name, p.*
      from (${totalsQuery(partnerId, f)}) t left join lateral (${pageRows}) p on true
      order by p.sort_key ${dir}, p.id ${dir}`.compile(db);
    },
  );

  /**
   * The totals (an aggregate: read once) and a page near the list's start in one statement, when the totals count
   * the filter exactly (no text: see totalsQuery) and the page is read straight on the sort's index (offset under
   * DEFERRED_JOIN_FROM): the common list costs one round trip to the database instead of two. Undefined otherwise:
   * `page` then decides from the count (a deep page by day, the back half from the end).
   */
  const totalsAndPage = async (
    partnerId: number | undefined,
    f: OrderFilter,
    sort: OrderSort,
    direction: Direction,
    { limit, offset }: { limit: number; offset: number },
  ) => {
    if (f.text || offset >= DEFERRED_JOIN_FROM) return undefined;
    const values = valuesOf(partnerId, whereOf(f));
    const found = await totalsAndPageStatement(db, { set: setIn(values), sort, direction, limit, offset }, values);
    const head = found[0];
    const totals = totalsOf(f, { all: head.t_all, new: head.t_new, matching: head.t_matching, shop_name: head.t_shop_name });
    const page = found
      .filter((r) => r.id !== null)
      .map(({ t_all: _all, t_new: _new, t_matching: _matching, t_shop_name: _shop, ...row }): PageRow => row);
    return { totals, count: { n: totals.matching!, more: false }, rows: page };
  };

  /**
   * A text search's one statement (see `search`), compiled once per shape: the totals, the clients' lower bound
   * (`bound`: the search box alone, a word with a letter), the matches up to one past the cap, their count and the
   * page's ids. Its values are bound, never written into it; PostgreSQL still plans it on every call (not prepared:
   * its best plan depends on the text).
   */
  const searchStatement = compiledByShape((s: { set: string[]; bound: boolean; sort: OrderSort; direction: Direction }, slot) => {
    const { partnerId, where } = slotted(s.set, slot);
    const bound = s.bound ? clientOrdersAtLeast(partnerId!, where.text!.contains) : sql<number>`select 0 as n`;
    const matches = filtered(partnerId, where)
      .select(['o.id', sql<unknown>`${SORT_KEYS[s.sort]}`.as('k')])
      // An InitPlan: evaluated once, and when false the orders are not read at all.
      .where(sql<SqlBool>`(select b.n from b) <= ${sql.lit(SEARCH_COUNT_LIMIT)}`)
      .limit(SEARCH_COUNT_LIMIT + 1);
    const dir = sqlDirection(s.direction);
    return sql<{ all: unknown; new: unknown; matching: unknown; shop_name: string | null; bound: unknown; n: number; id: number | null }>`
      with t as (${totalsQuery(partnerId, where)}), b as (${bound}), m as materialized (${matches})
      select t.*, (select b.n from b) as bound, c.n, p.id from t cross join (select count(*)::int as n from m) c
      left join lateral (select m.id from m order by m.k ${dir}, m.id ${dir} limit ${slot<number>('limit')} offset ${slot<number>('offset')}) p on true`.compile(
      db,
    );
  });

  return {
    /** CNT_ALL, NEW_CNT and the filter's count when the read model has it (see totalsQuery). */
    totals: (partnerId: number | undefined, f: OrderFilter = {}) => totals(partnerId, whereOf(f)),

    totalsAndPage,

    /**
     * The number of orders matching the filter: from the read model when it can, else counted on the index; a text
     * search counts up to `limit` (SEARCH_COUNT_LIMIT for a page; more: `more` is set), an export counts all.
     */
    count: async (partnerId: number | undefined, filter: OrderFilter, limit = SEARCH_COUNT_LIMIT): Promise<{ n: number; more: boolean }> => {
      const f = whereOf(filter);
      if (readModelCounts(f)) return { n: (await totals(partnerId, f)).matching!, more: false };
      if (!f.text || limit === Infinity) {
        return {
          n: Number(
            (
              await filtered(partnerId, f)
                .select((eb) => eb.fn.countAll<number>().as('n'))
                .executeTakeFirstOrThrow()
            ).n,
          ),
          more: false,
        };
      }
      const limited = filtered(partnerId, f)
        .select(sql.lit(1).as('one'))
        .limit(limit + 1);
      const row = await db
        .selectFrom(limited.as('m'))
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      const n = Number(row.n);
      return { n: Math.min(n, limit), more: n > limit };
    },

    /** A page of the filter's list (see `page`). */
    page: (
      partnerId: number | undefined,
      f: OrderFilter,
      sort: OrderSort,
      direction: Direction,
      window: { limit: number; offset: number },
      count?: { n: number; more: boolean },
      seek = true,
    ) => page(partnerId, whereOf(f), sort, direction, window, count, seek),

    /**
     * A text search's page, its count capped at SEARCH_COUNT_LIMIT and the list's totals, finding the matches once:
     * one statement reads the totals, then (the search box alone, a word with a letter) the lower bound the clients'
     * kept order counts give, then, unless that bound already passes the cap, the matches' ids and sort keys up to one
     * past the cap, counting them and picking the page's ids; the page's rows are then read by key. Past the cap the
     * matches found are not all of them, and the page is read as a broad search's is (along the sort's index for its
     * first pages).
     */
    search: async (
      partnerId: number | undefined,
      f: OrderFilter,
      sort: OrderSort,
      direction: Direction,
      window: { limit: number; offset: number },
    ) => {
      // A common word of the clients' names is known to pass the cap before any order is read. Not with a status,
      // client or dates, each of which the clients' counts cannot see, nor for a query without a letter (a phone,
      // digits of a number), which is no word of a name.
      const searchBoxOnly = !f.status && !f.clientId && !f.from && !f.to;
      const nameLike = f.text !== undefined && /\p{L}/u.test(f.text);
      const where = whereOf(f);
      const values = valuesOf(partnerId, where);
      const shape = { set: setIn(values), bound: partnerId !== undefined && searchBoxOnly && nameLike, sort, direction };
      const found = await searchStatement(db, shape, { ...values, limit: window.limit, offset: window.offset });
      const totals = totalsOf(where, found[0]);
      const n = Number(found[0].bound) > SEARCH_COUNT_LIMIT ? Infinity : Number(found[0].n);
      if (n > SEARCH_COUNT_LIMIT) {
        const count = { n: SEARCH_COUNT_LIMIT, more: true };
        return { totals, count, rows: await page(partnerId, where, sort, direction, window, count) };
      }
      // Apart, by a prepared statement: joined into the search's (planned on every call), they cost the database more
      // than the round trip they save (tried: the search by number 676 -> 615 req/s).
      const ids = found.flatMap((r) => (r.id === null ? [] : [Number(r.id)]));
      const list = ids.length ? await byIds(partnerId, ids, sort, direction) : [];
      return { totals, count: { n, more: false }, rows: list };
    },

    /** One page after a row (keyset): exports walk the whole list at the cost of the first page each time. */
    pageAfter: (partnerId: number, f: OrderFilter, sort: OrderSort, direction: Direction, limit: number, after?: PageAfter) => {
      let q = rows(partnerId, whereOf(f), sort);
      if (after) {
        const cmp = direction === 'asc' ? sql`>` : sql`<`;
        q = q.where(sql<SqlBool>`(${SORT_KEYS[sort]}, o.id) ${cmp} (${after.key}, ${after.id})`);
      }
      return q.orderBy(SORT_KEYS[sort], direction).orderBy('o.id', direction).limit(limit).execute();
    },
  };
}

export type OrderListRow = Awaited<ReturnType<ReturnType<typeof orderListRepo>['page']>>[number];

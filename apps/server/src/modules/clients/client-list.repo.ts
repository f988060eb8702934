import { sql, type Expression, type SqlBool } from 'kysely';
import type { ClientSort } from '@b2b/contracts/clients';
import type { Db } from '@/db/database';
import { likeContains } from '@/db/text-search';

/** Which clients a list shows. Dates are instants: from inclusive, to exclusive. */
export interface ClientListFilter {
  blacklist?: 'Y' | 'N';
  from?: Date;
  to?: Date;
  /** Only the members of this group. */
  groupId?: number;
  /** Lower-case text found in the name, INN or e-mail; phoneDigits also in the phone's digits. */
  text?: string;
  phoneDigits?: string;
}

export interface ClientListPage {
  sort: ClientSort;
  order: 'ASC' | 'DESC';
  limit: number;
  offset: number;
}

/**
 * The client list with its figures, computed in SQL so that every column sorts and pages on the server.
 * Orders count toward ORDERS_COUNT/SUM/AVERAGE unless CANCELED; LAST_ORDER is the latest order of any status.
 * The aggregates are LATERAL subqueries over orders_client_idx: for the default sort the planner walks
 * clients_list_idx and computes them for the page's rows only. Reads orders, loyalty and price tables it does
 * not own (read only).
 */
export function clientListRepo(db: Db) {
  const filtered = (partnerId: number, f: ClientListFilter) => {
    let q = db.selectFrom('clients as c').where('c.partner_id', '=', partnerId);
    if (f.blacklist) q = q.where('c.blacklisted', '=', f.blacklist === 'Y');
    if (f.from) q = q.where('c.registered_at', '>=', f.from);
    if (f.to) q = q.where('c.registered_at', '<', f.to);
    const { text, phoneDigits } = f;
    if (text) {
      q = q.where((eb) => {
        const pattern = likeContains(text);
        const any: Expression<SqlBool>[] = [
          eb(sql`lower(c.name)`, 'like', pattern),
          eb('c.inn', 'like', pattern),
          eb(sql`lower(c.email)`, 'like', pattern),
        ];
        if (phoneDigits) any.push(eb(sql`regexp_replace(coalesce(c.phone, ''), '[^0-9]', '', 'g')`, 'like', likeContains(phoneDigits)));
        return eb.or(any);
      });
    }
    if (f.groupId !== undefined) {
      const groupId = f.groupId;
      q = q.where((eb) =>
        eb.exists(
          eb
            .selectFrom('client_group_members as m')
            .select(sql.lit(1).as('one'))
            .where('m.partner_id', '=', partnerId)
            .where('m.group_id', '=', groupId)
            .whereRef('m.client_id', '=', 'c.id'),
        ),
      );
    }
    return q;
  };

  const withFigures = (partnerId: number, f: ClientListFilter, loyaltyOn: boolean) =>
    filtered(partnerId, f)
      .leftJoinLateral(
        (eb) =>
          eb
            .selectFrom('orders as o')
            .select((e) => [
              e.fn.countAll<number>().as('cnt'),
              e.fn.coalesce(e.fn.sum<string>('o.position_sum'), sql<string>`0`).as('total'),
            ])
            .whereRef('o.partner_id', '=', 'c.partner_id')
            .whereRef('o.client_id', '=', 'c.id')
            .where('o.status', '!=', 'CANCELED')
            .as('agg'),
        (j) => j.onTrue(),
      )
      .leftJoinLateral(
        (eb) =>
          eb
            .selectFrom('orders as o')
            .select(['o.id', 'o.order_number', 'o.status', 'o.created_at'])
            .whereRef('o.partner_id', '=', 'c.partner_id')
            .whereRef('o.client_id', '=', 'c.id')
            .orderBy('o.created_at', 'desc')
            .orderBy('o.id', 'desc')
            .limit(1)
            .as('lo'),
        (j) => j.onTrue(),
      )
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
      .select((eb) => [
        'c.id',
        'c.name',
        'c.short_name',
        'c.inn',
        'c.blacklisted',
        'c.is_new',
        'c.currency',
        'c.registered_at',
        'c.price_type',
        eb.fn.coalesce('pl.id', 'bl.id').as('price_list_id'),
        eb.fn.coalesce('pl.name', 'bl.name').as('price_list_name'),
        eb.fn.coalesce('pl.price_type', 'bl.price_type').as('price_list_type'),
        'col.id as column_id',
        'col.name as column_name',
        'agg.cnt as orders_count',
        'agg.total as orders_sum',
        average().as('orders_average'),
        'lo.id as last_order_id',
        'lo.order_number as last_order_number',
        'lo.status as last_order_status',
        'lo.created_at as last_order_date',
        eb
          .selectFrom('client_group_members as gm')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('gm.partner_id', '=', 'c.partner_id')
          .whereRef('gm.client_id', '=', 'c.id')
          .as('group_cnt'),
        'lm.client_id as loyalty_client_id',
        'lm.enabled as loyalty_enabled',
        'lm.enabled_at as loyalty_enabled_at',
        'lm.card_code',
        'lm.balance',
        'lm.date_status_end',
        'ls.title as loyalty_status',
      ]);

  return {
    count: async (partnerId: number, f: ClientListFilter) =>
      Number(
        (
          await filtered(partnerId, f)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),

    /** One page; `limit` null gives every row (exports). */
    page: (partnerId: number, f: ClientListFilter, p: ClientListPage & { limit: number | null }, loyaltyOn: boolean) => {
      const dir = p.order === 'ASC' ? 'asc' : 'desc';
      let q = withFigures(partnerId, f, loyaltyOn);
      q = q
        .orderBy(SORT_BY[p.sort], (ob) => (dir === 'asc' ? ob.asc() : ob.desc()).nullsLast())
        .orderBy('c.id', dir)
        .offset(p.offset);
      if (p.limit !== null) q = q.limit(p.limit);
      return q.execute();
    },

    /** The same row for one client (the card). */
    one: (partnerId: number, id: number, loyaltyOn: boolean) =>
      withFigures(partnerId, {}, loyaltyOn).where('c.id', '=', id).executeTakeFirst(),
  };
}

export type ClientListRow = Awaited<ReturnType<ReturnType<typeof clientListRepo>['page']>>[number];

/** Zero for a client without orders, as it is shown. */
const average = () => sql<string>`coalesce(round(agg.total / nullif(agg.cnt, 0), 2), 0)`;

/** What each column sorts by (the list's aliases: c, agg, lo, lm, ls, pl, bl, col); PRICE_TYPE as it is shown. */
const SORT_BY: Record<ClientSort, Expression<unknown>> = {
  NAME: sql`lower(c.name)`,
  PRICE_TYPE: sql`coalesce(pl.name, bl.name) || coalesce(' / ' || col.name, '')`,
  REGISTRATION_DATE: sql`c.registered_at`,
  ORDERS_COUNT: sql`agg.cnt`,
  ORDERS_SUM: sql`agg.total`,
  ORDERS_AVERAGE: average(),
  LAST_ORDER: sql`lo.created_at`,
  STATUS: sql`ls.sort`,
  BALANCE: sql`lm.balance`,
  CARD_CODE: sql`lm.card_code`,
  IS_AVAIL: sql`(lm.client_id is not null)`,
  ENABLED: sql`lm.enabled`,
  ENABLED_DATE: sql`lm.enabled_at`,
};

import { sql, type Insertable, type Updateable } from 'kysely';
import type { Db } from '@/db/database';
import type { LoyaltyLedgerTable, LoyaltyProgramsTable } from '@/db/schema';
import { moscowDayRange } from '@/http/moscow-days';
import { likeContains, searchText } from '@/db/text-search';

/*
 * The loyalty module's tables: loyalty_programs, loyalty_statuses, loyalty_brand_coefficients, loyalty_scoring_rules,
 * loyalty_group_visibility, loyalty_members, loyalty_ledger. Borrowed read-only, tenant-scoped: clients,
 * client_groups and client_group_members (module clients, groups), orders and order_items (module orders),
 * catalog_products and catalog_brands (reference data).
 */

export type LedgerRow = Awaited<ReturnType<ReturnType<typeof loyaltyRepo>['history']>>[number];

export interface ParticipationFilter {
  query?: string;
  isAvail?: 'Y' | 'N';
  statusId?: number;
}

const MEMBER_SORT = { NAME: 'c.name', BALANCE: 'm.balance', ENABLED_DATE: 'm.enabled_at', CARD_CODE: 'm.card_code' } as const;

export function loyaltyRepo(db: Db) {
  const participation = (partnerId: number, f: ParticipationFilter) => {
    let q = db
      .selectFrom('clients as c')
      .leftJoin('loyalty_members as m', (j) => j.onRef('m.partner_id', '=', 'c.partner_id').onRef('m.client_id', '=', 'c.id'))
      .where('c.partner_id', '=', partnerId)
      .where('c.blacklisted', '=', false);
    const query = searchText(f.query);
    if (query) {
      const text = likeContains(query);
      q = q.where((eb) => eb.or([eb(sql`lower(c.name)`, 'like', text), eb('c.inn', 'like', text), eb('m.card_code', 'like', text)]));
    }
    if (f.isAvail === 'Y') q = q.where('m.enabled', '=', true);
    if (f.isAvail === 'N') q = q.where((eb) => eb.or([eb('m.client_id', 'is', null), eb('m.enabled', '=', false)]));
    if (f.statusId) q = q.where('m.status_id', '=', f.statusId);
    return q;
  };

  return {
    program: (partnerId: number) => db.selectFrom('loyalty_programs').selectAll().where('partner_id', '=', partnerId).executeTakeFirst(),

    /** The programme row under a lock (installation and settings are saved one at a time). */
    lockProgram: (trx: Db, partnerId: number) =>
      trx.selectFrom('loyalty_programs').selectAll().where('partner_id', '=', partnerId).forUpdate().executeTakeFirst(),

    insertProgram: (trx: Db, row: Insertable<LoyaltyProgramsTable>) =>
      trx
        .insertInto('loyalty_programs')
        .values(row)
        .onConflict((oc) => oc.column('partner_id').doNothing())
        .execute(),

    updateProgram: (trx: Db, partnerId: number, set: Updateable<LoyaltyProgramsTable>) =>
      trx.updateTable('loyalty_programs').set(set).where('partner_id', '=', partnerId).execute(),

    statuses: (partnerId: number) =>
      db
        .selectFrom('loyalty_statuses')
        .select(['id', 'title', 'multiplier', 'threshold', 'sort'])
        .where('partner_id', '=', partnerId)
        .orderBy('sort')
        .orderBy('id')
        .execute(),

    coefficients: (partnerId: number) =>
      db
        .selectFrom('loyalty_brand_coefficients as k')
        .innerJoin('catalog_brands as b', 'b.id', 'k.brand_id')
        .select(['k.brand_id', 'b.name', 'k.multiplier'])
        .where('k.partner_id', '=', partnerId)
        .orderBy('b.name')
        .execute(),

    brands: () => db.selectFrom('catalog_brands').select(['id', 'name']).orderBy('name').execute(),

    rules: (partnerId: number) =>
      db
        .selectFrom('loyalty_scoring_rules')
        .select(['id', 'markup_from', 'markup_to', 'markup_pct_from', 'markup_pct_to', 'points_pct'])
        .where('partner_id', '=', partnerId)
        .orderBy('id')
        .execute(),

    groupVisibility: (partnerId: number) =>
      db
        .selectFrom('client_groups as g')
        .leftJoin('loyalty_group_visibility as v', (j) => j.onRef('v.partner_id', '=', 'g.partner_id').onRef('v.group_id', '=', 'g.id'))
        .select(['g.id', 'g.name', 'v.visibility'])
        .where('g.partner_id', '=', partnerId)
        .orderBy('g.name')
        .execute(),

    /** The visibility set for the client's groups (the first group by id that has one). */
    clientVisibility: async (partnerId: number, clientId: number) =>
      (
        await db
          .selectFrom('client_group_members as gm')
          .innerJoin('loyalty_group_visibility as v', (j) => j.onRef('v.partner_id', '=', 'gm.partner_id').onRef('v.group_id', '=', 'gm.group_id'))
          .select('v.visibility')
          .where('gm.partner_id', '=', partnerId)
          .where('gm.client_id', '=', clientId)
          .orderBy('gm.group_id')
          .limit(1)
          .executeTakeFirst()
      )?.visibility,

    member: (partnerId: number, clientId: number) =>
      db
        .selectFrom('loyalty_members as m')
        .innerJoin('clients as c', (j) => j.onRef('c.partner_id', '=', 'm.partner_id').onRef('c.id', '=', 'm.client_id'))
        .leftJoin('loyalty_statuses as s', (j) => j.onRef('s.partner_id', '=', 'm.partner_id').onRef('s.id', '=', 'm.status_id'))
        .select([
          'm.client_id',
          'c.name',
          'c.inn',
          'm.enabled',
          'm.enabled_at',
          'm.card_code',
          'm.status_id',
          's.title as status_title',
          's.multiplier',
          'm.date_status_end',
          'm.balance',
        ])
        .where('m.partner_id', '=', partnerId)
        .where('m.client_id', '=', clientId)
        .executeTakeFirst(),

    /** The member row under a lock: every movement of a member's points is written one at a time. */
    lockMember: (trx: Db, partnerId: number, clientId: number) =>
      trx
        .selectFrom('loyalty_members')
        .select(['client_id', 'enabled', 'balance', 'status_id', 'date_status_end'])
        .where('partner_id', '=', partnerId)
        .where('client_id', '=', clientId)
        .forUpdate()
        .executeTakeFirst(),

    client: (partnerId: number, clientId: number) =>
      db.selectFrom('clients').select(['id', 'name']).where('partner_id', '=', partnerId).where('id', '=', clientId).executeTakeFirst(),

    async participationPage(
      partnerId: number,
      f: ParticipationFilter,
      sort: keyof typeof MEMBER_SORT,
      order: 'ASC' | 'DESC',
      limit: number,
      offset: number,
    ) {
      const dir = order === 'ASC' ? 'asc' : 'desc';
      const [rows, count, all] = await Promise.all([
        participation(partnerId, f)
          .leftJoin('loyalty_statuses as s', (j) => j.onRef('s.partner_id', '=', 'm.partner_id').onRef('s.id', '=', 'm.status_id'))
          .select([
            'c.id',
            'c.name',
            'c.inn',
            'm.client_id as member',
            'm.enabled',
            'm.enabled_at',
            'm.card_code',
            'm.status_id',
            's.title as status_title',
            'm.date_status_end',
            'm.balance',
          ])
          .orderBy(sql.ref(MEMBER_SORT[sort]), (ob) => (dir === 'asc' ? ob.asc() : ob.desc()).nullsLast())
          .orderBy('c.id', dir)
          .limit(limit)
          .offset(offset)
          .execute(),
        participation(partnerId, f)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
        participation(partnerId, {})
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, count: Number(count.n), all: Number(all.n) };
    },

    /** The ledger of the partner (the balance list), with its client names. */
    async ledgerPage(
      partnerId: number,
      f: { operation?: string; clientId?: number; dateStart?: string; dateEnd?: string },
      order: 'ASC' | 'DESC',
      limit: number,
      offset: number,
    ) {
      const { from, to } = moscowDayRange(f.dateStart, f.dateEnd);
      const filtered = (withFilter: boolean) => {
        let q = db.selectFrom('loyalty_ledger as l').where('l.partner_id', '=', partnerId);
        if (!withFilter) return q;
        if (f.operation) q = q.where('l.operation', '=', f.operation as LoyaltyLedgerTable['operation']);
        if (f.clientId) q = q.where('l.client_id', '=', f.clientId);
        if (from) q = q.where('l.created_at', '>=', from);
        if (to) q = q.where('l.created_at', '<', to);
        return q;
      };
      const dir = order === 'ASC' ? 'asc' : 'desc';
      const [rows, count, all, fresh] = await Promise.all([
        filtered(true)
          .innerJoin('clients as c', (j) => j.onRef('c.partner_id', '=', 'l.partner_id').onRef('c.id', '=', 'l.client_id'))
          .select(['l.id', 'l.client_id', 'c.name', 'l.order_id', 'l.operation', 'l.points', 'l.title', 'l.comment', 'l.burn_at', 'l.created_at'])
          .orderBy('l.created_at', dir)
          .orderBy('l.id', dir)
          .limit(limit)
          .offset(offset)
          .execute(),
        filtered(true)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
        filtered(false)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
        filtered(true)
          .where('l.created_at', '>', sql<Date>`now() - interval '1 day'`)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, count: Number(count.n), all: Number(all.n), fresh: Number(fresh.n) };
    },

    /** A member's ledger, newest first (the client card's history). */
    history: (partnerId: number, clientId: number, limit = 500) =>
      db
        .selectFrom('loyalty_ledger')
        .select(['id', 'order_id', 'operation', 'points', 'title', 'comment', 'burn_at', 'created_at'])
        .where('partner_id', '=', partnerId)
        .where('client_id', '=', clientId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute(),

    /** An order's ledger rows, newest first (the ledger's order index). */
    orderLedger: (partnerId: number, orderId: number) =>
      db
        .selectFrom('loyalty_ledger')
        .select(['id', 'operation', 'points', 'title', 'comment', 'burn_at', 'created_at'])
        .where('partner_id', '=', partnerId)
        .where('order_id', '=', orderId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute(),

    /** A page of a member's ledger, newest first, and how many rows it has (the shop's points history). */
    async memberPage(partnerId: number, clientId: number, limit: number, offset: number) {
      const own = db.selectFrom('loyalty_ledger').where('partner_id', '=', partnerId).where('client_id', '=', clientId);
      const [rows, count] = await Promise.all([
        own
          .select(['id', 'order_id', 'operation', 'points', 'title', 'comment', 'burn_at', 'created_at'])
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute(),
        own.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, count: Number(count.n) };
    },

    /** A member's ledger summed: every award (earned), payments and write-offs (spent), burns (burned); positive strings. */
    memberTotals: async (partnerId: number, clientId: number) =>
      (
        await sql<{ earned: string; spent: string; burned: string }>`
          select coalesce(sum(points) filter (where points > 0), 0)::text as earned,
                 coalesce(-sum(points) filter (where points < 0 and operation <> 'BURN'), 0)::text as spent,
                 coalesce(-sum(points) filter (where operation = 'BURN'), 0)::text as burned
          from loyalty_ledger where partner_id = ${partnerId} and client_id = ${clientId}`.execute(db)
      ).rows[0],

    /** Every movement of a member (signed points, burn dates), to know what is left of each award. */
    movements: (trx: Db, partnerId: number, clientId: number) =>
      trx
        .selectFrom('loyalty_ledger')
        .select(['id', 'points', 'burn_at'])
        .where('partner_id', '=', partnerId)
        .where('client_id', '=', clientId)
        .execute(),

    /**
     * A ledger row unless its idempotency key was used for this client and operation: undefined then (the movement
     * happened before). The same key for another client is another movement (migration 0040).
     */
    insertEntry: async (trx: Db, row: Insertable<LoyaltyLedgerTable>) =>
      trx
        .insertInto('loyalty_ledger')
        .values(row)
        .onConflict((oc) => oc.columns(['partner_id', 'client_id', 'operation', 'idempotency_key']).doNothing())
        .returning(['id', 'points'])
        .executeTakeFirst(),

    addToBalance: (trx: Db, partnerId: number, clientId: number, points: string) =>
      trx
        .updateTable('loyalty_members')
        .set((eb) => ({ balance: eb('balance', '+', points) }))
        .where('partner_id', '=', partnerId)
        .where('client_id', '=', clientId)
        .execute(),

    /** The lines of an order as placed (sale and purchase prices, brands) and its client and loyalty payment. */
    orderForPoints: async (trx: Db, partnerId: number, orderId: number) => {
      const order = await trx
        .selectFrom('orders')
        .select(['id', 'order_number', 'client_id', 'loyalty_sum', 'returned_bonus', 'status'])
        .where('partner_id', '=', partnerId)
        .where('id', '=', orderId)
        .executeTakeFirst();
      if (!order) return undefined;
      const lines = await trx
        .selectFrom('order_items as i')
        .innerJoin('catalog_products as p', 'p.id', 'i.product_id')
        .select(['i.price', 'i.buying_price', 'i.quantity', 'p.brand_id'])
        .where('i.partner_id', '=', partnerId)
        .where('i.order_id', '=', orderId)
        .execute();
      return { order, lines };
    },

    /** Points an order's ledger rows add up to, by operation. */
    orderMovements: (trx: Db, partnerId: number, orderId: number) =>
      trx
        .selectFrom('loyalty_ledger')
        .select(['operation', (eb) => eb.fn.sum<string>('points').as('points')])
        .where('partner_id', '=', partnerId)
        .where('order_id', '=', orderId)
        .groupBy('operation')
        .execute(),
  };
}

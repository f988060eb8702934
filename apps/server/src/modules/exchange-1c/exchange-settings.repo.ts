import type { Updateable } from 'kysely';
import type { Db } from '@/db/database';
import type { Exchange1cSettingsTable } from '@/db/schema';

export type ExchangeSettingsRow = NonNullable<Awaited<ReturnType<ReturnType<typeof exchangeSettingsRepo>['find']>>>;
export type ExchangeSettingsChanges = Omit<Updateable<Exchange1cSettingsTable>, 'partner_id'>;
export type ExchangeRunRow = Awaited<ReturnType<ReturnType<typeof exchangeSettingsRepo>['runsPage']>>[number];

/**
 * The exchange settings (exchange_1c_settings: one row per partner, none until the first save) and the log's pages
 * (exchange_1c_runs, written by the exchange itself: exchange-runs.repo). Borrowed read-only, tenant-scoped:
 * price_lists (the lists and columns a price type maps to; the pricing module's).
 */
export function exchangeSettingsRepo(db: Db) {
  return {
    find: (partnerId: number) => db.selectFrom('exchange_1c_settings').selectAll().where('partner_id', '=', partnerId).executeTakeFirst(),

    /** Throws a unique violation (exchange_1c_settings_login_key) when another partner has the login. */
    upsert: (partnerId: number, changes: ExchangeSettingsChanges) =>
      db
        .insertInto('exchange_1c_settings')
        .values({ price_map: '[]', price_types_seen: '[]', ...changes, partner_id: partnerId, updated_at: new Date() })
        .onConflict((oc) => oc.column('partner_id').doUpdateSet({ ...changes, updated_at: new Date() }))
        .execute(),

    /** Sessions opened with the old account end when its login or password changes. */
    endSessions: (partnerId: number) => db.deleteFrom('exchange_1c_sessions').where('partner_id', '=', partnerId).execute(),

    /** The live price lists and columns: lists first, then by sort and id. */
    priceLists: (partnerId: number) =>
      db
        .selectFrom('price_lists')
        .select(['id', 'kind', 'parent_id', 'name', 'is_base'])
        .where('partner_id', '=', partnerId)
        .where('deleted_at', 'is', null)
        .orderBy('kind', 'desc')
        .orderBy('sort')
        .orderBy('id')
        .execute(),

    /** A page of the log, newest first (exchange_1c_runs_recent_idx). */
    runsPage: (partnerId: number, limit: number, offset: number) =>
      db
        .selectFrom('exchange_1c_runs')
        .selectAll()
        .where('partner_id', '=', partnerId)
        .orderBy('started_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),

    countRuns: async (partnerId: number) => {
      const row = await db
        .selectFrom('exchange_1c_runs')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('partner_id', '=', partnerId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}

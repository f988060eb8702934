import { sql, type SqlBool } from 'kysely';

/**
 * An offer (table offers as alias `o`) running now: switched on, started, not ended, its limit not used up. The
 * offers module lists and claims running offers by it, the price engine finds a client's promo prices by it.
 */
export const runningOfferSql = sql<SqlBool>`(o.active and o.date_start <= now() and (o.date_end is null or o.date_end > now())
  and (o.limit_count is null or o.used_count < o.limit_count))`;

/** An offer (alias `o`) not over: switched on, not ended, not used up (running, or still to start). */
export const liveOfferSql = sql<SqlBool>`(o.active and (o.date_end is null or o.date_end > now())
  and (o.limit_count is null or o.used_count < o.limit_count))`;

import { formatDateIn, formatDateTimeIn, shopTimeZone, wallClockIn, type Instant, type ShopTimeZone } from '@b2b/contracts/time-zones';
import type { Db } from '@/db/database';

/*
 * Dates in the files and letters a partner's shop sends out (issue 38 §8): exports, the КП PDF and mails show every
 * date and time in the shop's time zone, as its screens do. Reads shops.time_zone (module shop) read-only.
 */

/** The zone a partner's dates are shown in: its shop's, Moscow for a partner without a shop. */
export async function partnerTimeZone(db: Db, partnerId: number): Promise<ShopTimeZone> {
  const row = await db.selectFrom('shops').select('time_zone').where('partner_id', '=', partnerId).executeTakeFirst();
  return shopTimeZone(row?.time_zone);
}

/** A spreadsheet's date cell of Unix seconds: the zone's wall clock (a cell has no zone of its own). */
export const sheetDateCell = (seconds: number, zone: string): Date => wallClockIn(new Date(seconds * 1000), zone);

/** dd.MM.yyyy HH:mm in the zone. */
export const dateTimeText = (at: Instant, zone: string): string => formatDateTimeIn(at, zone);

/** dd.MM.yyyy in the zone. */
export const dateText = (at: Instant, zone: string): string => formatDateIn(at, zone);

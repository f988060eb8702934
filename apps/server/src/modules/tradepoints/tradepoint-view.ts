import type { WorkDay } from '@b2b/contracts/shop';
import { storedPhones } from '@b2b/contracts/shop-wire';
import type { Tradepoint } from '@b2b/contracts/tradepoint-wire';
import { toSeconds, yn } from '@/http/envelope';
import type { TradepointRow } from './tradepoints.repo';

const hours = (value: unknown): { FROM: string; TO: string } => {
  const v = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
  const pick = (k: string) => String(v[k] ?? v[k.toUpperCase()] ?? '');
  return { FROM: pick('from'), TO: pick('to') };
};

/** A date column (a Date at local midnight, or the ISO day) as Unix seconds of that day in UTC. */
const daySeconds = (value: Date | string | null): number | null => {
  if (value == null) return null;
  const iso =
    typeof value === 'string'
      ? value.slice(0, 10)
      : `${value.getFullYear()}-${String(value.getMonth() + 1).padStart(2, '0')}-${String(value.getDate()).padStart(2, '0')}`;
  return toSeconds(`${iso}T00:00:00Z`);
};

export function tradepointView(row: TradepointRow): Tradepoint {
  return {
    ID: row.id,
    ADDRESS: row.address,
    ADDRESS_FIELDS: (row.address_fields ?? {}) as Record<string, string>,
    LONGITUDE: String(Number(row.longitude)),
    LATITUDE: String(Number(row.latitude)),
    PHONES: storedPhones(row.phones),
    WORK_DAYS: row.work_days as WorkDay[],
    WORK_SCHEDULE: hours(row.work_schedule),
    HOLIDAY_SCHEDULE: hours(row.holiday_schedule),
    HOLIDAY_WORK: yn(row.holiday_work),
    BASE: yn(row.is_base),
    DATE_START: daySeconds(row.date_start),
    DATE_END: daySeconds(row.date_end),
  };
}

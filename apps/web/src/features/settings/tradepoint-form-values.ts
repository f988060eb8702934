import dayjs, { type Dayjs } from 'dayjs';
import { normaliseTime } from '@b2b/contracts/shop';
import type { Tradepoint, TradepointSaveInput } from '@b2b/contracts/tradepoint-wire';
import { phoneRows, phonesPayload, type PhoneRow } from '@/features/settings/shop-form-values';
import { SCREEN_DAY } from '@/shared/inputs/day-range';

export interface Hours {
  from: string;
  to: string;
}

export interface Coordinates {
  latitude: string;
  longitude: string;
}

export interface TradepointFormValues {
  address: string;
  address_fields: { city?: string; street?: string; house?: string; building?: string };
  coordinates: Coordinates;
  ph: PhoneRow[];
  work_days: string[];
  work_schedule: Hours;
  holiday_work: boolean;
  holiday_schedule: Hours;
  base: boolean;
  date_start: Dayjs | null;
  date_end: Dayjs | null;
}

const DEFAULT_HOURS: Hours = { from: '09:00', to: '18:00' };
const fromSeconds = (s: number | null) => (s == null ? null : dayjs(s * 1000));

/** A time as HH:MM when it reads as one, else as typed (the server then names the error). */
export const tidyTime = (value: string | undefined) => normaliseTime(value ?? '') ?? value ?? '';

export function tradepointFormValues(point: Tradepoint | undefined): TradepointFormValues {
  if (!point) {
    return {
      address: '',
      address_fields: {},
      coordinates: { latitude: '', longitude: '' },
      ph: [],
      work_days: ['MO', 'TU', 'WE', 'TH', 'FR'],
      work_schedule: DEFAULT_HOURS,
      holiday_work: false,
      holiday_schedule: { from: '10:00', to: '16:00' },
      base: false,
      date_start: null,
      date_end: null,
    };
  }
  return {
    address: point.ADDRESS,
    address_fields: point.ADDRESS_FIELDS,
    coordinates: { latitude: point.LATITUDE, longitude: point.LONGITUDE },
    ph: phoneRows(point.PHONES),
    work_days: point.WORK_DAYS,
    work_schedule: { from: point.WORK_SCHEDULE.FROM || DEFAULT_HOURS.from, to: point.WORK_SCHEDULE.TO || DEFAULT_HOURS.to },
    holiday_work: point.HOLIDAY_WORK === 'Y',
    holiday_schedule: { from: point.HOLIDAY_SCHEDULE.FROM || '10:00', to: point.HOLIDAY_SCHEDULE.TO || '16:00' },
    base: point.BASE === 'Y',
    date_start: fromSeconds(point.DATE_START),
    date_end: fromSeconds(point.DATE_END),
  };
}

const hoursPayload = (h: Hours | undefined) => ({ from: tidyTime(h?.from), to: tidyTime(h?.to) });

export function tradepointPayload(v: TradepointFormValues, id: number | undefined): TradepointSaveInput {
  return {
    id: id === undefined ? undefined : String(id),
    address: v.address?.trim() ?? '',
    address_fields: v.address_fields ?? {},
    latitude: v.coordinates?.latitude?.trim() ?? '',
    longitude: v.coordinates?.longitude?.trim() ?? '',
    ph: phonesPayload(v.ph),
    work_days: v.work_days ?? [],
    work_schedule: hoursPayload(v.work_schedule),
    holiday_work: Boolean(v.holiday_work),
    holiday_schedule: v.holiday_work ? hoursPayload(v.holiday_schedule) : undefined,
    base: Boolean(v.base),
    date_start: v.date_start ? v.date_start.format(SCREEN_DAY) : '',
    date_end: v.date_end ? v.date_end.format(SCREEN_DAY) : '',
  };
}

import { readDay } from '@b2b/contracts/dates';
import { MSG } from '@b2b/contracts/messages';
import { normaliseTime, SHOP_MSG, WORK_DAYS } from '@b2b/contracts/shop';
import { TRADEPOINT_LENGTHS, type TradepointBody } from '@b2b/contracts/tradepoint-wire';
import type { TradepointValues } from './tradepoints.repo';

type Errors = Record<string, string>;

/**
 * The rules of a tradepoint (§5) over the body its contract has typed: an address, both coordinates, work days of
 * MO..SU and WD, work and holiday hours as HH:MM, dates; every broken rule is answered at once.
 */

const ADDRESS_MAX = 255;
const DEFAULT_HOURS = { from: '09:00', to: '18:00' };

function coordinate(value: string | undefined, limit: number): string | null | 'bad' {
  const v = (value ?? '').replace(',', '.');
  if (!v) return null;
  if (!/^-?\d{1,3}(\.\d{1,10})?$/.test(v) || Math.abs(Number(v)) > limit) return 'bad';
  return Number(v).toFixed(7);
}

/** Hours {from, to}: each normalised to HH:MM; an unreadable time is an error under `key`. */
function hours(value: TradepointBody['work_schedule'], key: string, errors: Errors): { from: string; to: string } {
  const read = (given: string | undefined, fallback: string) => {
    if (!given) return fallback;
    const time = normaliseTime(given);
    if (!time) errors[key] = SHOP_MSG.timeInvalid;
    return time ?? fallback;
  };
  return { from: read(value?.from, DEFAULT_HOURS.from), to: read(value?.to, DEFAULT_HOURS.to) };
}

/** dd.mm.yyyy or yyyy-mm-dd within the dates' range; '' → null. */
function date(value: string | undefined, key: string, errors: Errors): string | null {
  const v = value ?? '';
  if (!v) return null;
  const read = readDay(v);
  if ('day' in read) return read.day;
  errors[key] = read.error === 'range' ? read.message : SHOP_MSG.dateInvalid;
  return null;
}

/** A value longer than its field's limit (§5 "3, 30, 20 and 2") is an error under `key`, never cut. */
function tooLong(value: string | undefined, field: keyof typeof TRADEPOINT_LENGTHS, key: string, errors: Errors) {
  const { label, max } = TRADEPOINT_LENGTHS[field];
  if ((value ?? '').length > max) errors[key] = MSG.textTooLong(label, max);
}

export function parseTradepoint(body: TradepointBody): { values: TradepointValues; errors: Errors } {
  const errors: Errors = {};
  const address = (body.address ?? '').slice(0, ADDRESS_MAX);
  if (!address) errors.address = SHOP_MSG.addressRequired;
  const longitude = coordinate(body.longitude, 180);
  const latitude = coordinate(body.latitude, 90);
  if (longitude === null || latitude === null) errors.coordinates = SHOP_MSG.addressOrCoordinates;
  else if (longitude === 'bad' || latitude === 'bad') errors.coordinates = SHOP_MSG.coordinatesInvalid;

  const addressFields = Object.fromEntries(
    Object.entries(body.address_fields ?? {})
      .map(([k, v]) => [k, (v ?? '').slice(0, 100)] as const)
      .filter(([, v]) => v),
  );
  tooLong(body.address_fields?.house, 'house', 'house', errors);
  tooLong(body.address_fields?.building, 'building', 'building', errors);
  (body.ph ?? []).forEach((row, i) => {
    tooLong(row.PHONE, 'phone', `phone_${i}`, errors);
    tooLong(row.COMMENT, 'phone_comment', `phone_comment_${i}`, errors);
  });
  const workDays = [...new Set((body.work_days ?? []).map((d) => d.toUpperCase()))];
  if (!workDays.length) errors.work_days = SHOP_MSG.workDaysRequired;
  else if (workDays.some((d) => !(d in WORK_DAYS))) errors.work_days = SHOP_MSG.choiceInvalid;
  const holidayWork = body.holiday_work ?? false;

  const values: TradepointValues = {
    address,
    address_fields: JSON.stringify(addressFields),
    longitude: typeof longitude === 'string' && longitude !== 'bad' ? longitude : '0',
    latitude: typeof latitude === 'string' && latitude !== 'bad' ? latitude : '0',
    phones: JSON.stringify(body.ph ?? []),
    work_days: workDays,
    work_schedule: JSON.stringify(hours(body.work_schedule, 'work_schedule', errors)),
    holiday_schedule: JSON.stringify(holidayWork ? hours(body.holiday_schedule, 'holiday_schedule', errors) : {}),
    holiday_work: holidayWork,
    is_base: body.base ?? false,
    // A date column takes the ISO day as text: no time zone can move it.
    date_start: date(body.date_start, 'date_start', errors) as Date | null,
    date_end: date(body.date_end, 'date_end', errors) as Date | null,
  };
  return { values, errors };
}

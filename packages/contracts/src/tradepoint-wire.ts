import { z } from 'zod';
import { seconds, yn } from './http/envelope';
import { formDate } from './dates';
import { formFlag, formList, formText } from './http/form-fields';
import { LIMITS } from './limits';
import { WORK_DAYS, type WorkDay } from './shop';
import { phoneList, shopPhone } from './shop-wire';

/** Tradepoints and the address search (shop-pricing-offers-loyalty.md §3 Tradepoint). */

/**
 * The tradepoint form's fields with a length limit (§5 "3, 30, 20 and 2", LIMITS.tradepoint*): their labels and limits,
 * for the server's error (MSG.textTooLong) and the web form's maxLength; an error is keyed by the field's key (a
 * phone's by its row: phone_0, phone_comment_1).
 */
export const TRADEPOINT_LENGTHS = {
  house: { label: 'Дом', max: LIMITS.tradepointHouseMax },
  building: { label: 'Корпус', max: LIMITS.tradepointBuildingMax },
  phone: { label: 'Телефон', max: LIMITS.tradepointPhoneMax },
  phone_comment: { label: 'Комментарий к телефону', max: LIMITS.tradepointPhoneCommentMax },
} as const;

const hours = z.object({ FROM: z.string(), TO: z.string() });

export const tradepoint = z.object({
  ID: z.number().int(),
  ADDRESS: z.string(),
  ADDRESS_FIELDS: z.record(z.string(), z.string()),
  LONGITUDE: z.string(),
  LATITUDE: z.string(),
  PHONES: z.array(shopPhone),
  WORK_DAYS: z.array(z.enum(Object.keys(WORK_DAYS) as [WorkDay, ...WorkDay[]])),
  WORK_SCHEDULE: hours,
  HOLIDAY_SCHEDULE: hours,
  HOLIDAY_WORK: yn,
  BASE: yn,
  /** The first and last day (00:00 UTC of the day) it works, when limited. */
  DATE_START: seconds.nullable(),
  DATE_END: seconds.nullable(),
});
export type Tradepoint = z.infer<typeof tradepoint>;

const text = formText.optional();
const hoursInput = z.object({ from: text, to: text }).optional();

/**
 * POST /v3/api/partner/tradepoint/ (id in the body to edit) and /tradepoint/{id}/: the address with its fields,
 * both coordinates, phones ph[i][PHONE|COMMENT|MAIN], work days of MO..SU and WD, work and holiday hours
 * {from, to} as HH:MM, holiday_work, base, date_start and date_end (dd.mm.yyyy or yyyy-mm-dd); delete=Y deletes.
 */
export const tradepointBody = z.object({
  delete: formFlag.optional(),
  address: text,
  address_fields: z.object({ postcode: text, region: text, city: text, street: text, house: text, building: text, office: text }).optional(),
  longitude: text,
  latitude: text,
  ph: phoneList.optional(),
  work_days: formList.optional(),
  work_schedule: hoursInput,
  holiday_work: formFlag.optional(),
  holiday_schedule: hoursInput,
  base: formFlag.optional(),
  date_start: formDate.optional(),
  date_end: formDate.optional(),
});
export type TradepointBody = z.output<typeof tradepointBody>;

/** POST /v3/api/partner/tradepoint/ also names the tradepoint to edit or delete by its id. */
export const tradepointSaveBody = tradepointBody.extend({ id: text });
export type TradepointSaveInput = z.input<typeof tradepointSaveBody>;

/** A place the address search found, best first. */
export const geocoderPlace = z.object({ ADDRESS: z.string(), LATITUDE: z.string(), LONGITUDE: z.string() });
export type GeocoderPlace = z.infer<typeof geocoderPlace>;

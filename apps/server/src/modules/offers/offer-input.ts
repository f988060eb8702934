import Decimal from 'decimal.js';
import { LIMITS } from '@b2b/contracts/limits';
import { OFFER_MSG, type offerBody } from '@b2b/contracts/offers';
import { readDay } from '@b2b/contracts/dates';
import { rubles } from '@b2b/contracts/storefront';
import type { z } from 'zod';
import { moscowDayEnd, moscowDayStart } from '@/http/moscow-days';
import type { OfferValues } from './offers.repo';

/*
 * The offer form read into what is stored (shop-pricing-offers-loyalty.md §3 Offer, §5 Offers), pure: each rule
 * answers the spec's check_* key with its Russian text. A field not sent keeps its stored value (an edit may send
 * one part); a new offer needs a name, a type and a start date.
 */

type Body = z.output<typeof offerBody>;

/** A gift as the form sends it: its product by id or 6-digit code, and the order sum. */
export interface PresentInput {
  /** 1-based, as the error keys number gifts. */
  n: number;
  productId: number | null;
  code: string | null;
  sum: string;
  productType: string;
}

export interface ParsedOffer {
  values: OfferValues;
  /** undefined: the gifts were not sent (kept). */
  presents?: PresentInput[];
  errors: Record<string, string>;
}

interface Stored {
  type: string;
  date_start: Date;
  date_end: Date | null;
  used_count: number;
}

const stripTags = (v: string) => v.replace(/<[^>]*>/g, '').trim();
const MONEY = /^\d{1,12}([.,]\d{1,4})?$/;

/** The day, or the message: a malformed date is the form's own text, one out of range says the range. */
function day(text: string): { day: string } | { message: string } {
  const read = readDay(text);
  return 'day' in read ? read : { message: read.error === 'range' ? read.message : OFFER_MSG.dateInvalid };
}

export function parseOffer(body: Body, types: readonly string[], stored: Stored | undefined): ParsedOffer {
  const errors: Record<string, string> = {};
  const values: OfferValues = {};
  const creating = !stored;

  if (body.name !== undefined || creating) {
    const name = stripTags(body.name ?? '');
    if (!name) errors.check_name = OFFER_MSG.nameRequired;
    else if (name.length > LIMITS.offerNameMax) errors.check_name = OFFER_MSG.nameMax(LIMITS.offerNameMax);
    else values.name = name;
  }
  if (body.type !== undefined || creating) {
    if (!body.type || !types.includes(body.type)) errors.check_type = OFFER_MSG.typeRequired;
    else values.type = body.type;
  }
  if (body.description !== undefined) {
    const text = stripTags(body.description);
    if (text.length === 1) errors.check_description = OFFER_MSG.descriptionOneLetter;
    else if (text.length > LIMITS.offerDescriptionMax) errors.check_description = OFFER_MSG.descriptionMax(LIMITS.offerDescriptionMax);
    else values.description = text || null;
  }

  // The period: Moscow calendar days, the end day included (stored as the instant the next day starts).
  let start = stored?.date_start;
  if (body.date_start !== undefined || creating) {
    const d = body.date_start ? day(body.date_start) : undefined;
    if (!d) errors.check_date_start = OFFER_MSG.dateStartRequired;
    else if ('message' in d) errors.check_date_start = d.message;
    else start = values.date_start = moscowDayStart(d.day);
  }
  if (body.date_end !== undefined) {
    const d = body.date_end ? day(body.date_end) : undefined;
    if (d && 'message' in d) errors.check_date_end = d.message;
    else values.date_end = d ? moscowDayEnd(d.day) : null;
  }
  const end = values.date_end !== undefined ? values.date_end : stored?.date_end;
  if (start && end && end <= start && !errors.check_date_start) errors.check_date_end = OFFER_MSG.dateEndBeforeStart;

  if (body.limit !== undefined) {
    const text = body.limit.replace(/\s/g, '');
    if (text === '') values.limit_count = null;
    else if (!/^\d{1,9}$/.test(text) || Number(text) < 1) errors.check_limit = OFFER_MSG.limitInvalid;
    else if (stored && Number(text) < stored.used_count) errors.check_limit = OFFER_MSG.limitBelowUsed(stored.used_count);
    else values.limit_count = Number(text);
  }
  if (body.sort !== undefined) {
    const text = body.sort.trim();
    if (text === '') values.sort = 500;
    else if (!/^-?\d{1,6}$/.test(text)) errors.check_sort = OFFER_MSG.sortInvalid;
    else values.sort = Number(text);
  }
  if (body.active !== undefined) values.active = body.active;
  else if (creating) values.active = true;
  if (body.not_in_basket !== undefined) values.not_in_basket = body.not_in_basket;

  const presents = body.presents === undefined ? undefined : parsePresents(body.presents, errors);
  return { values, presents, errors };
}

function parsePresents(rows: NonNullable<Exclude<Body['presents'], ''>>, errors: Record<string, string>): PresentInput[] {
  if (rows.length > LIMITS.offerPresentsMax) {
    errors.check_presents = OFFER_MSG.presentsMax(LIMITS.offerPresentsMax);
    return [];
  }
  const out: PresentInput[] = [];
  let previous: Decimal | undefined;
  rows.forEach((row, i) => {
    const n = i + 1;
    const id = row.ID && /^\d{1,15}$/.test(row.ID) ? Number(row.ID) : null;
    const code = row.code && new RegExp(`^\\d{${LIMITS.productCodeLength}}$`).test(row.code) ? row.code : null;
    if (id === null && code === null) errors[`check_present_${n}`] = row.code ? OFFER_MSG.presentProductUnknown : OFFER_MSG.presentProductRequired;
    const sumText = (row.sum ?? '').replace(/[\s\u00a0]/g, '').replace(',', '.');
    if (!sumText) errors[`check_present_sum_${n}`] = OFFER_MSG.presentSumRequired;
    else if (!MONEY.test(sumText) || new Decimal(sumText).lte(0) || new Decimal(sumText).gt(LIMITS.moneyMax))
      errors[`check_present_sum_${n}`] = OFFER_MSG.presentSumInvalid;
    else {
      const sum = new Decimal(sumText);
      if (previous && sum.lte(previous)) errors[`check_present_sum_${n}`] = OFFER_MSG.presentSumIncrease(rubles(previous.toFixed(2)));
      previous = sum;
    }
    out.push({
      n,
      productId: id,
      code,
      sum: sumText,
      productType: row.product_type && /^[A-Z_]{1,20}$/.test(row.product_type) ? row.product_type : 'GIFT',
    });
  });
  return out;
}

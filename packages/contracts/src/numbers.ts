import { z } from 'zod';
import './zod-locale';
import { compareDecimal } from './decimal-text';
import { LIMITS } from './limits';
import { MSG } from './messages';

/*
 * Numbers typed in forms and queries (issue 37.4), read once for every route: whole numbers and decimals as plain
 * digits (a comma or a dot, spaces as thousands separators in decimals), within a declared range and with no more
 * decimals than the column holds. `NaN`, `Infinity`, `1e309`, `1e3`, `0x10` and an empty text are not numbers here
 * (JavaScript's Number() reads all of them, which is how 2,147,000,000 pieces reached a basket). Each schema is
 * registered in `numericInputs` with its range, so a generated suite finds every numeric field of every route.
 */

export interface NumericInput {
  kind: 'int' | 'decimal';
  /** The range, inclusive, as decimal texts. */
  min: string;
  max: string;
  /** Digits after the point (0 for whole numbers). */
  decimals: number;
}

/** Every numeric field schema of the contracts, with its range. */
export const numericInputs = z.registry<NumericInput>();

/**
 * How the API document shows a numeric field (issue 37.8): plain digits as text (a form sends text) or a JSON number,
 * within its range. Registered on the field's schema in zod's global registry, which the document is generated from.
 */
function documentNumber(schema: z.ZodType, meta: NumericInput) {
  const whole = meta.kind === 'int';
  const text = whole ? '^\\s*[-+]?\\d{1,16}\\s*$' : `^[\\s\u00a0]*-?[\\d\\s\u00a0]{1,20}([.,]\\d{1,${meta.decimals}})?[\\s\u00a0]*$`;
  schema.register(z.globalRegistry, {
    description: `${whole ? 'A whole number' : `A decimal (a comma or a dot, at most ${meta.decimals} digits after it, spaces ignored)`} from ${meta.min} to ${meta.max}, in plain digits: NaN, Infinity, exponents and hex are refused`,
    anyOf: [
      { type: 'string', pattern: text },
      { type: whole ? 'integer' : 'number', minimum: Number(meta.min), maximum: Number(meta.max) },
    ],
  });
}

/** "99999.5" → "99 999,5" for messages. */
const spaced = (text: string) => text.replace(/^(-?\d+)/, (d) => d.replace(/\B(?=(\d{3})+(?!\d))/g, ' ')).replace('.', ',');

export type NumberRead = { value: string } | { error: string };

/**
 * A decimal text within [min, max] with at most `decimals` digits after the point: spaces (also no-break) removed,
 * a comma read as the point. Answers the normalised text ("1234.5") or the Russian message of what is wrong.
 */
export function readDecimal(
  text: string | number,
  { min = '0', max = LIMITS.moneyMax, decimals = LIMITS.moneyDecimalsInput }: { min?: string; max?: string; decimals?: number } = {},
): NumberRead {
  const v = String(text)
    .replace(/[\s\u00a0]/g, '')
    .replace(',', '.');
  const shape = decimals > 0 ? new RegExp(`^-?\\d{1,15}(\\.\\d{1,${decimals}})?$`) : /^-?\d{1,15}$/;
  if (!shape.test(v)) return { error: decimals > 0 ? MSG.decimalInvalid(decimals) : MSG.intInvalid };
  if (compareDecimal(v, min) < 0 || compareDecimal(v, max) > 0) return { error: MSG.numberRange(spaced(min), spaced(max)) };
  return { value: v.replace(/^(-?)0+(?=\d)/, '$1') };
}

/** A whole number within [min, max] (default 1 … PostgreSQL's integer), or the message of what is wrong. */
export function readInt(
  text: string | number,
  { min = 1, max = LIMITS.intMax }: { min?: number; max?: number } = {},
): { value: number } | { error: string } {
  const v = String(text).trim();
  if (!/^[-+]?\d{1,16}$/.test(v)) return { error: MSG.intInvalid };
  const n = Number(v);
  if (n < min || n > max) return { error: MSG.numberRange(spaced(String(min)), spaced(String(max))) };
  return { value: n };
}

/**
 * A form's (or a query's) whole number: a text of digits, or a JS number from the web. `message` replaces ours for
 * what is not a whole number, `rangeMessage` for one out of the range.
 */
export function formInt({
  min = 1,
  max = LIMITS.intMax,
  message,
  rangeMessage,
}: { min?: number; max?: number; message?: string; rangeMessage?: string } = {}) {
  const schema = z.union([z.string(), z.number()]).transform((v, ctx) => {
    const read = readInt(v, { min, max });
    if ('value' in read) return read.value;
    const above = /^[-+]?\d{1,16}$/.test(String(v).trim()) && Number(String(v).trim()) > max;
    ctx.issues.push({ code: 'custom', message: (above ? (rangeMessage ?? message) : message) ?? read.error, input: v });
    return z.NEVER;
  });
  const meta: NumericInput = { kind: 'int', min: String(min), max: String(max), decimals: 0 };
  numericInputs.add(schema, meta);
  documentNumber(schema, meta);
  return schema;
}

/** A row's id in a form or a query: a positive whole number of at most 15 digits (bigint columns). */
export const formId = (message?: string) => formInt({ min: 1, max: LIMITS.idMax, message });

/** A decimal of a form: at most `decimals` after the point, within [min, max]; parsed to its normalised text. */
export function formDecimal({
  min = '0',
  max = LIMITS.moneyMax,
  decimals = LIMITS.moneyDecimalsInput,
  message,
}: { min?: string; max?: string; decimals?: number; message?: string } = {}) {
  const schema = z.union([z.string(), z.number()]).transform((v, ctx) => {
    const read = readDecimal(v, { min, max, decimals });
    if ('value' in read) return read.value;
    ctx.issues.push({ code: 'custom', message: message ?? read.error, input: v });
    return z.NEVER;
  });
  const meta: NumericInput = { kind: 'decimal', min, max, decimals };
  numericInputs.add(schema, meta);
  documentNumber(schema, meta);
  return schema;
}

/** Money typed in a form: 0 … LIMITS.moneyMax, up to 4 decimals (§5), a comma or a dot, spaces ignored. */

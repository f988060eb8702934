import Decimal from 'decimal.js';
import type { UploadPreview } from '@b2b/contracts/pricing';
import { PRICING_MSG } from '@b2b/contracts/pricing';
import type { PriceEngine, ResolvedTarget } from './price-engine.service';
import type { UploadKind } from './price-file-rows';
import { priceValueOf } from './price-rules';

/*
 * What applying a file changes (issues 12.6, 38.3), against what the client pays now, as the price engine prices it
 * (a computed price, from the list's percents and section rates, is the current price as much as a loaded one): each
 * line of the file is priced as it is now and as it would be with the line applied, and counted once:
 *  - UP, DOWN: the price rises or falls; SAME: it stays (a line repeating the current price, or an empty line of a
 *    product whose price is computed);
 *  - NEW: there is no value today (a remain or a multiplicity never loaded; every active product has a price);
 *  - REMOVED: the loaded price (the list's Excel line, the client's own price) or value goes: an empty line of a
 *    product that has one, and, for a replacing file, every live one the file does not name (counted by the repo).
 * The apply counts its lines the same way, in its own transaction, just before it writes them: «Применено» is
 * UP + DOWN + NEW + REMOVED, what it changed.
 */

const TOP = 10;

export interface StagedValue {
  productId: number;
  sitePrice: string | null;
  percent: string | null;
  quantity: number | null;
  multiplicity: string | null;
}

export type Change = 'UP' | 'DOWN' | 'SAME' | 'NEW' | 'REMOVED';

/** What one line of a file changes: the value now and after (a price, a remain, a multiplicity), and how. */
export interface LineChange {
  productId: number;
  before: string | null;
  after: string | null;
  change: Change;
  /** A client's price below the product's purchase price (the personal file's warning). */
  belowPurchase?: boolean;
}

const DECIMAL = /^-?\d+(\.\d+)?$/;
/** A multiplicity ("1/6/12") is compared by its smallest pack, its first number. */
const sizeOf = (value: string) => new Decimal(DECIMAL.test(value) ? value : (/^\d+/.exec(value)?.[0] ?? '0'));

const PLAIN = /^(0|[1-9]\d*)(\.\d+)?$/;
/**
 * -1, 0 or 1 for two non-negative decimals written with the same number of decimals and no leading zero (two prices
 * of one list, as the engine writes them): by length, then as text. Undefined for anything else.
 */
export function compareSameScale(a: string, b: string): number | undefined {
  if (!PLAIN.test(a) || !PLAIN.test(b)) return undefined;
  const fa = a.indexOf('.');
  const fb = b.indexOf('.');
  if ((fa < 0 ? 0 : a.length - fa) !== (fb < 0 ? 0 : b.length - fb)) return undefined;
  if (a.length !== b.length) return a.length < b.length ? -1 : 1;
  return a === b ? 0 : a < b ? -1 : 1;
}

/** How a value changes from `before` to `after`; `takesLoadedAway`: the line takes the loaded value away. */
export function changeOf(before: string | null, after: string | null, takesLoadedAway = false): Change {
  if (takesLoadedAway) return 'REMOVED';
  if (before === after) return 'SAME';
  if (before === null) return 'NEW';
  if (after === null) return 'REMOVED';
  // Two prices of one list compare as text: no decimal parsed for the 200,000 comparisons of a 100,000-line file
  // (with priceValueOf's single rounding: pageChanges 2.34 -> 1.48 s of CPU, a V8 profile of the import).
  const fast = compareSameScale(after, before);
  if (fast !== undefined) return fast === 0 ? 'SAME' : fast < 0 ? 'DOWN' : 'UP';
  const order = sizeOf(after).comparedTo(sizeOf(before));
  if (order === 0 && DECIMAL.test(before) && DECIMAL.test(after)) return 'SAME';
  return order < 0 ? 'DOWN' : 'UP';
}

/** The changes that count as applied: every one but SAME. */
export const appliedCount = (changes: LineChange[]) => changes.filter((c) => c.change !== 'SAME').length;

export interface TopChange {
  productId: number;
  oldPrice: string | null;
  newPrice: string | null;
  /** |new − old| / old, for ordering. */
  weight: Decimal;
  /** The weight as a float: rules a line out without decimal arithmetic. */
  approx: number;
}

/** Running counts over the pages of a file. */
export function previewCounter() {
  const counts: Record<'ROWS' | Change, number> = { ROWS: 0, UP: 0, DOWN: 0, NEW: 0, SAME: 0, REMOVED: 0 };
  /** The largest changes so far, largest first (then by product id), at most TOP. */
  const top: TopChange[] = [];
  let belowPurchase = false;

  const ranksBefore = (a: TopChange, b: TopChange) => a.weight.comparedTo(b.weight) > 0 || (a.weight.eq(b.weight) && a.productId < b.productId);

  function rank(change: Omit<TopChange, 'weight' | 'approx'>, diff: Decimal, old: Decimal) {
    // Below the last of a full top: its weight diff / old need not be divided out (old > 0: diff < weight × old).
    if (top.length === TOP && old.isPos() && diff.lt(top[TOP - 1].weight.mul(old))) return;
    const weight = diff.div(old);
    const candidate = { ...change, weight, approx: weight.toNumber() };
    const at = top.findIndex((c) => ranksBefore(candidate, c));
    if (at === -1) top.push(candidate);
    else top.splice(at, 0, candidate);
    if (top.length > TOP) top.pop();
  }

  /** Counts one line of the file. */
  function add({ productId, before, after, change, belowPurchase: below }: LineChange) {
    counts.ROWS++;
    counts[change]++;
    if (below) belowPurchase = true;
    if (before === null || after === null || before === after || !DECIMAL.test(before) || !DECIMAL.test(after)) return;
    // Most lines of a file are far below the last of a full top: floats rule them out without decimal arithmetic (the
    // counter 0.46 -> 0.06 s of CPU for 100,000 lines). Each price is read within half an ulp, so the float weight is
    // off by at most 4.4e-16 × (weight + 2): near 900,000,000 ₽ a kopeck's change is off by 1e-5 of itself. A line is
    // skipped only when it lies further below the bar than 1e-9 of it plus 1e-12, more than that error; any nearer
    // is ranked exactly.
    if (top.length === TOP) {
      const b = Number(before);
      if (b > 0 && Math.abs(Number(after) - b) / b < top[TOP - 1].approx * (1 - 1e-9) - 1e-12) return;
    }
    // Each price read once (the preview compares every line of a file).
    const old = new Decimal(before);
    if (!old.isZero()) rank({ productId, oldPrice: before, newPrice: after }, new Decimal(after).minus(old).abs(), old);
  }

  return {
    add,
    /** The live loaded values a replacing file takes away without naming them. */
    removed: (n: number) => {
      counts.REMOVED += n;
    },
    result(names: Map<number, { code: string; name: string }>): UploadPreview {
      return {
        ...counts,
        TOP: top.map((c) => ({
          ID: c.productId,
          UP_CODE_1C: names.get(c.productId)?.code ?? '',
          NAME: names.get(c.productId)?.name ?? '',
          OLD_PRICE: c.oldPrice,
          NEW_PRICE: c.newPrice,
        })),
        ...(belowPurchase ? { WARNING: PRICING_MSG.personalAbovePurchase } : {}),
      };
    },
    topIds: () => top.map((c) => c.productId),
  };
}

/** What a page of lines is compared with now: the engine (prices) or the partner's values (remains, multiplicities). */
export interface ChangeSource {
  /** The engine reading through the connection of the caller (the apply's transaction). */
  engine: Pick<PriceEngine, 'facts'>;
  /** The list's or the client's chain (PRICE, PERSONAL). */
  resolved?: ResolvedTarget;
  /** The partner's current remains or multiplicities of the products (REMAIN, MULTIPLICITY). */
  currentValues: (kind: UploadKind, productIds: number[]) => Promise<Map<number, string>>;
}

/**
 * What each line of a page changes, as the engine prices the product now and with the line applied (lines of
 * products it does not price are left out). Used by the preview and by the apply, just before it writes them.
 */
export async function pageChanges(src: ChangeSource, partnerId: number, kind: UploadKind, staged: StagedValue[]): Promise<LineChange[]> {
  const ids = staged.map((s) => s.productId);
  if (kind === 'REMAIN' || kind === 'MULTIPLICITY') {
    const now = await src.currentValues(kind, ids);
    return staged.map((s) => {
      const before = now.get(s.productId) ?? null;
      const after = kind === 'REMAIN' ? (s.quantity === null ? null : String(s.quantity)) : s.multiplicity;
      return { productId: s.productId, before, after, change: changeOf(before, after) };
    });
  }
  const resolved = src.resolved;
  if (!resolved) return [];
  const facts = new Map((await src.engine.facts(partnerId, resolved, ids)).map((f) => [f.productId, f]));
  const changes: LineChange[] = [];
  for (const s of staged) {
    const now = facts.get(s.productId);
    if (!now) continue;
    const before = priceValueOf(resolved.ctx, now);
    if (kind === 'PRICE') {
      const head = now.lists[0];
      const after = priceValueOf(resolved.ctx, {
        ...now,
        lists: [{ ...head, excelPrice: s.sitePrice, excelPercent: s.percent }, ...now.lists.slice(1)],
      });
      // An empty line takes the list's live loaded price away: the price is then computed again.
      const takesAway = s.sitePrice === null && s.percent === null && (head.excelPrice !== null || head.excelPercent !== null);
      changes.push({ productId: s.productId, before, after, change: changeOf(before, after, takesAway) });
    } else {
      if (s.sitePrice === null) continue;
      const after = priceValueOf(resolved.ctx, { ...now, personalPrice: s.sitePrice });
      changes.push({
        productId: s.productId,
        before,
        after,
        change: changeOf(before, after),
        belowPurchase: new Decimal(now.purchase).gt(s.sitePrice),
      });
    }
  }
  return changes;
}

import Decimal from 'decimal.js';
import type { UploadPreview } from '@b2b/contracts/pricing';
import { PRICING_MSG } from '@b2b/contracts/pricing';
import type { PriceEngine, ResolvedTarget } from './price-engine.service';
import { priceValueOf, type ProductFacts } from './price-rules';

/*
 * What applying a file would change (issue 12.6), computed by the price engine itself: each staged product priced
 * as it is now and as it would be with the file's value, compared. Remains and multiplicities compare their values.
 */

const TOP = 10;

export interface StagedValue {
  productId: number;
  sitePrice: string | null;
  percent: string | null;
}

export interface TopChange {
  productId: number;
  oldPrice: string | null;
  newPrice: string | null;
  /** |new − old| / old, for ordering. */
  weight: Decimal;
}

/** Running counts over the pages of a file. */
export function previewCounter() {
  const counts = { ROWS: 0, UP: 0, DOWN: 0, NEW: 0, SAME: 0, REMOVED: 0 };
  /** The largest changes so far, largest first (then by product id), at most TOP. */
  const top: TopChange[] = [];
  let belowPurchase = false;

  const ranksBefore = (a: TopChange, b: TopChange) => a.weight.comparedTo(b.weight) > 0 || (a.weight.eq(b.weight) && a.productId < b.productId);

  function rank(change: Omit<TopChange, 'weight'>, diff: Decimal, old: Decimal) {
    // Below the last of a full top: its weight diff / old need not be divided out (old > 0: diff < weight × old).
    if (top.length === TOP && old.isPos() && diff.lt(top[TOP - 1].weight.mul(old))) return;
    const candidate = { ...change, weight: diff.div(old) };
    const at = top.findIndex((c) => ranksBefore(candidate, c));
    if (at === -1) top.push(candidate);
    else top.splice(at, 0, candidate);
    if (top.length > TOP) top.pop();
  }

  function compare(productId: number, before: string | null, after: string | null, wasLoaded: boolean) {
    counts.ROWS++;
    // Each price read once (the preview compares every line of a file).
    const old = before === null || before === after ? null : new Decimal(before);
    const now = old === null || after === null ? null : new Decimal(after);
    if (!wasLoaded) counts.NEW++;
    else if (before === after) counts.SAME++;
    else if (old !== null && now !== null && now.lt(old)) counts.DOWN++;
    else counts.UP++;
    if (old !== null && now !== null && !old.isZero()) rank({ productId, oldPrice: before, newPrice: after }, now.minus(old).abs(), old);
  }

  return {
    compare,
    markBelowPurchase: () => {
      belowPurchase = true;
    },
    removed: (n: number) => {
      counts.REMOVED = n;
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

export type PreviewCounter = ReturnType<typeof previewCounter>;

/** Each staged line of a page with the engine's facts of its product now (lines of products it does not price are skipped). */
async function eachStaged(
  engine: PriceEngine,
  partnerId: number,
  resolved: ResolvedTarget,
  staged: StagedValue[],
  visit: (line: StagedValue, now: ProductFacts) => void,
): Promise<void> {
  const facts = await engine.facts(partnerId, resolved, staged.map((s) => s.productId));
  const byId = new Map(facts.map((f) => [f.productId, f]));
  for (const s of staged) {
    const now = byId.get(s.productId);
    if (now) visit(s, now);
  }
}

/** A page of a list's price file: each product's price now and with the file's site price or percent. */
export const previewListPage = (engine: PriceEngine, partnerId: number, resolved: ResolvedTarget, staged: StagedValue[], counter: PreviewCounter) =>
  eachStaged(engine, partnerId, resolved, staged, (s, now) => {
    const head = now.lists[0];
    const after: ProductFacts = { ...now, lists: [{ ...head, excelPrice: s.sitePrice, excelPercent: s.percent }, ...now.lists.slice(1)] };
    const wasLoaded = head.excelPrice !== null || head.excelPercent !== null;
    counter.compare(s.productId, priceValueOf(resolved.ctx, now), priceValueOf(resolved.ctx, after), wasLoaded);
  });

/** A page of a client's personal price file: the client's price now and the file's price. */
export const previewPersonalPage = (engine: PriceEngine, partnerId: number, resolved: ResolvedTarget, staged: StagedValue[], counter: PreviewCounter) =>
  eachStaged(engine, partnerId, resolved, staged, (s, now) => {
    if (s.sitePrice === null) return;
    if (new Decimal(now.purchase).gt(s.sitePrice)) counter.markBelowPurchase();
    const after = priceValueOf(resolved.ctx, { ...now, personalPrice: s.sitePrice });
    counter.compare(s.productId, priceValueOf(resolved.ctx, now), after, now.personalPrice !== null);
  });

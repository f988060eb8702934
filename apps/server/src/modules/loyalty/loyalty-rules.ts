import Decimal from 'decimal.js';

/*
 * The loyalty programme's arithmetic (issue 15.3–4, 38.7), pure: the points an order earns from its real margin, and what
 * is left of each award when spending draws from the awards closest to burning. Decimal only.
 */

export interface ScoringRule {
  markupFrom: string | null;
  markupTo: string | null;
  markupPctFrom: string | null;
  markupPctTo: string | null;
  pointsPct: string;
}

export interface OrderLine {
  /**
   * The sale and purchase prices the order was placed at, roubles on one VAT basis (the money rule: order_items.price
   * and buying_price), decimal strings; a gift is a line at price 0.
   */
  price: string;
  purchase: string;
  quantity: number;
  brandId: number | null;
}

const HUNDRED = new Decimal(100);

const within = (value: Decimal, from: string | null, to: string | null) => (from === null || value.gte(from)) && (to === null || value.lte(to));

/** The first rule whose markup range (money) and markup percent range hold the order's margin. */
export function ruleFor(rules: readonly ScoringRule[], margin: Decimal, markupPct: Decimal): ScoringRule | undefined {
  return rules.find((r) => within(margin, r.markupFrom, r.markupTo) && within(markupPct, r.markupPctFrom, r.markupPctTo));
}

/** An order's real margin (roubles): Σ (sale − purchase) × quantity over ALL its lines, gifts (sold at 0) included. */
export function orderMargin(lines: readonly OrderLine[]): { margin: Decimal; cost: Decimal } {
  return lines.reduce(
    (acc, l) => {
      const cost = new Decimal(l.purchase).mul(l.quantity);
      return { margin: acc.margin.plus(new Decimal(l.price).mul(l.quantity).minus(cost)), cost: acc.cost.plus(cost) };
    },
    { margin: new Decimal(0), cost: new Decimal(0) },
  );
}

/**
 * An order's points, scored on its real margin (issue 38.7): the order's margin over all its lines (a line sold at a
 * loss and a gift's cost lower it) picks the rule by its amount (markup_from/to) and its markup percent on the
 * purchase (markup_pct_from/to). The points are that rule's percent of the margin, each line's share weighted by its
 * brand's coefficient (percent, 100 when none), times the client's status multiplier (percent), rounded down. A
 * loss (margin ≤ 0), an order outside every rule or a weighted margin ≤ 0 earns 0 — never negative points.
 */
export function orderPoints(
  lines: readonly OrderLine[],
  rules: readonly ScoringRule[],
  brandCoefficients: ReadonlyMap<number, string>,
  statusMultiplier: string,
): Decimal {
  const { margin, cost } = orderMargin(lines);
  if (margin.lte(0)) return new Decimal(0);
  const markupPct = cost.gt(0) ? margin.div(cost).mul(HUNDRED) : new Decimal(Infinity);
  const rule = ruleFor(rules, margin, markupPct);
  if (!rule) return new Decimal(0);
  const weighted = lines.reduce((s, l) => {
    const coefficient = l.brandId !== null ? (brandCoefficients.get(l.brandId) ?? '100') : '100';
    return s.plus(new Decimal(l.price).minus(l.purchase).mul(l.quantity).mul(coefficient).div(HUNDRED));
  }, new Decimal(0));
  if (weighted.lte(0)) return new Decimal(0);
  return weighted.mul(rule.pointsPct).div(HUNDRED).mul(statusMultiplier).div(HUNDRED).floor();
}

export interface Movement {
  id: number;
  /** Signed points: awards positive, spending and burns negative. */
  points: string;
  burnAt: Date | null;
}

/**
 * What is left of each award: everything spent or burned (the negative movements) is drawn from the awards in the
 * order they burn (those that never burn last, older first among equals). Answers award id → points left (> 0 only).
 */
export function awardsLeft(movements: readonly Movement[]): Map<number, Decimal> {
  const awards = movements
    .filter((m) => new Decimal(m.points).gt(0))
    .sort((a, b) => (a.burnAt?.getTime() ?? Infinity) - (b.burnAt?.getTime() ?? Infinity) || a.id - b.id);
  let spent = movements.reduce((s, m) => (new Decimal(m.points).lt(0) ? s.plus(new Decimal(m.points).neg()) : s), new Decimal(0));
  const left = new Map<number, Decimal>();
  for (const award of awards) {
    const points = new Decimal(award.points);
    const taken = Decimal.min(points, spent);
    spent = spent.minus(taken);
    if (points.gt(taken)) left.set(award.id, points.minus(taken));
  }
  return left;
}

/** The points that have burned by `now` and are still counted: what is left of every award whose burn date passed. */
export function dueToBurn(movements: readonly Movement[], now: Date): Decimal {
  const left = awardsLeft(movements);
  return movements.filter((m) => m.burnAt !== null && m.burnAt <= now && left.has(m.id)).reduce((s, m) => s.plus(left.get(m.id)!), new Decimal(0));
}

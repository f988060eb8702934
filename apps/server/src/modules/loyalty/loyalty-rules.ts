import Decimal from 'decimal.js';

/*
 * The loyalty programme's arithmetic (issue 15.3–4), pure: the points an order earns from its real margin, and what
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
  /** The sale and purchase prices the order was placed at, decimal strings. */
  price: string;
  purchase: string;
  quantity: number;
  brandId: number | null;
}

const HUNDRED = new Decimal(100);

const within = (value: Decimal, from: string | null, to: string | null) => (from === null || value.gte(from)) && (to === null || value.lte(to));

/** The first rule whose markup range (money) and markup percent range hold the line's margin. */
export function ruleFor(rules: readonly ScoringRule[], margin: Decimal, markupPct: Decimal): ScoringRule | undefined {
  return rules.find((r) => within(margin, r.markupFrom, r.markupTo) && within(markupPct, r.markupPctFrom, r.markupPctTo));
}

/**
 * An order's points: for each line with a positive margin (sale − purchase, times the quantity), the points percent of
 * the rule its margin and markup percent fall in, times the brand's coefficient (percent, 100 when none); the sum times
 * the client's status multiplier (percent), rounded down to whole points.
 */
export function orderPoints(
  lines: readonly OrderLine[],
  rules: readonly ScoringRule[],
  brandCoefficients: ReadonlyMap<number, string>,
  statusMultiplier: string,
): Decimal {
  let points = new Decimal(0);
  for (const line of lines) {
    const cost = new Decimal(line.purchase).mul(line.quantity);
    const margin = new Decimal(line.price).mul(line.quantity).minus(cost);
    if (margin.lte(0)) continue;
    const markupPct = cost.gt(0) ? margin.div(cost).mul(HUNDRED) : new Decimal(Infinity);
    const rule = ruleFor(rules, margin, markupPct);
    if (!rule) continue;
    const coefficient = line.brandId !== null ? (brandCoefficients.get(line.brandId) ?? '100') : '100';
    points = points.plus(margin.mul(rule.pointsPct).div(HUNDRED).mul(coefficient).div(HUNDRED));
  }
  return points.mul(statusMultiplier).div(HUNDRED).floor();
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
  return movements
    .filter((m) => m.burnAt !== null && m.burnAt <= now && left.has(m.id))
    .reduce((s, m) => s.plus(left.get(m.id)!), new Decimal(0));
}

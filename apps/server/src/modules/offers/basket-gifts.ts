import Decimal from 'decimal.js';

/*
 * Which gifts a rouble sum reaches (issue 38.7): of each running offer, its highest threshold the sum reaches. The
 * basket shows exactly these and the checkout gives exactly these, so what the buyer is shown is what the order gets.
 */

export interface GiftThreshold {
  offer_id: number | string;
  sum: string;
}

/** The gift each offer gives at `sum`: its highest reached threshold, in the order of the offers' ids. */
export function giftsReached<G extends GiftThreshold>(gifts: readonly G[], sum: Decimal): G[] {
  const best = new Map<number, G>();
  for (const g of gifts) {
    if (sum.lt(g.sum)) continue;
    const held = best.get(Number(g.offer_id));
    if (!held || new Decimal(g.sum).gte(held.sum)) best.set(Number(g.offer_id), g);
  }
  return [...best.entries()].sort(([a], [b]) => a - b).map(([, g]) => g);
}

/** The nearest threshold `sum` does not reach yet (of any offer), or undefined. */
export function nextGift<G extends GiftThreshold>(gifts: readonly G[], sum: Decimal): G | undefined {
  return gifts.filter((g) => sum.lt(g.sum)).reduce<G | undefined>((n, g) => (!n || new Decimal(g.sum).lt(n.sum) ? g : n), undefined);
}

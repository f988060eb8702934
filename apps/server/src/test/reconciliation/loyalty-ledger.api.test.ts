import fc from 'fast-check';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { checkLedger, placedOrder } from './reconciliation-checks';
import { FULL_DOMAIN, openWorld, play, runSettings, scenarioArb, type World } from './reconciliation-kit';

/*
 * Issue 38 §1: a member's loyalty balance is the sum of its ledger and never below zero, through random plus and minus
 * moves, points paid on an order, the order accepted, completed (points credited once) or canceled, and bonus_return.
 */

let w: World;
beforeAll(async () => {
  w = await openWorld();
});
afterAll(() => w?.t.close());

describe('the loyalty ledger', () => {
  it("keeps each member's balance = Σ ledger ≥ 0, shown on its card, with at most one credit per order, only once completed", async () => {
    await fc.assert(
      fc.asyncProperty(scenarioArb(w, { ...FULL_DOMAIN, members: [true], maxGiftOffers: 1 }), async (s) => {
        const o = await play(w, s);
        await checkLedger(w, o, (await placedOrder(w, o))?.ref);
      }),
      runSettings(20),
    );
  }, 300_000);
});

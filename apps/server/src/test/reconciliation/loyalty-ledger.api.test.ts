import fc from 'fast-check';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { checkBonusReturn, checkLedger, checkOrderPoints, placedOrder } from './reconciliation-checks';
import { FULL_DOMAIN, openWorld, play, runSettings, scenarioArb, type World } from './reconciliation-kit';

/*
 * Issue 38 §1 and §7: a member's loyalty balance is the sum of its ledger and never below zero, through random plus
 * and minus moves, points paid on an order, the order accepted, completed or canceled, and bonus_return; a completed
 * order earns floor(margin × pct) of its real margin once (nothing on a loss); bonus_return gives back the points a
 * canceled order was paid with, and is refused for a live one.
 */

let w: World;
beforeAll(async () => {
  w = await openWorld();
});
afterAll(() => w?.t.close());

describe('the loyalty ledger', () => {
  it("keeps each member's balance = Σ ledger ≥ 0 on its card; credits an order once, only completed; returns points only of a canceled order", async () => {
    await fc.assert(
      fc.asyncProperty(scenarioArb(w, { ...FULL_DOMAIN, members: [true], maxGiftOffers: 1 }), async (s) => {
        const o = await play(w, s);
        const ref = (await placedOrder(w, o))?.ref;
        await checkLedger(w, o, ref);
        await checkOrderPoints(w, o, ref);
        await checkBonusReturn(w, o, ref);
      }),
      runSettings(18),
    );
  }, 300_000);

  it('scores a completed order on its real margin (gifts included), floor(margin × pct), and nothing on a loss', async () => {
    await fc.assert(
      fc.asyncProperty(scenarioArb(w, { ...FULL_DOMAIN, members: [true], afters: [['accept', 'complete']], bonusReturn: false }), async (s) => {
        const o = await play(w, s);
        const ref = (await placedOrder(w, o))?.ref;
        await checkOrderPoints(w, o, ref);
        await checkLedger(w, o, ref);
      }),
      runSettings(12),
    );
  }, 300_000);
});

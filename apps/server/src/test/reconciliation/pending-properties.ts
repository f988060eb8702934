import fc from 'fast-check';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { checkBonusReturn, checkOrderPoints, placedOrder } from './reconciliation-checks';
import { FULL_DOMAIN, openWorld, play, runSettings, scenarioArb, type World } from './reconciliation-kit';

/*
 * Properties of issue 38 §1 that FAIL on the current code, kept out of the test glob (*.api.test.ts) until the bugs
 * named are fixed; each then moves into a real test file. Run them on their own with a config that includes this
 * file, e.g. a copy of the api project with include: ['apps/server/src/test/reconciliation/pending-properties.ts'].
 */

let w: World;
beforeAll(async () => {
  w = await openWorld();
});
afterAll(() => w?.t.close());

describe('pending: loyalty on an order', () => {
  // Bug (issue 38 §7 «Loyalty on a loss-making order»): loyalty-rules.ts orderPoints() skips each line whose margin
  // is ≤ 0 (`if (margin.lte(0)) continue;`), so an order whose total margin is a loss still earns the points of its
  // profitable lines, and a gift's negative margin is ignored. Points must come from the order's real margin.
  it('scores a completed order on its real margin, floor(margin × pct), and nothing on a loss', async () => {
    await fc.assert(
      fc.asyncProperty(scenarioArb(w, { ...FULL_DOMAIN, members: [true], afters: [['accept', 'complete']], bonusReturn: false }), async (s) => {
        const o = await play(w, s);
        await checkOrderPoints(w, o, (await placedOrder(w, o))?.ref);
      }),
      runSettings(20),
    );
  }, 300_000);

  // Bug (issue 38 §7 «bonus_return on a live order»): order-rules.ts ACTIONS_BY_STATUS does not list bonus_return and
  // loyalty-points.service.ts returnOrderPoints() never looks at the order's status, so the points paid on a NEW or
  // VIEWED order are returned while the order goes on (and completes) unchanged.
  it('returns the points paid on an order only once it is canceled', async () => {
    await fc.assert(
      fc.asyncProperty(scenarioArb(w, { ...FULL_DOMAIN, members: [true], maxGiftOffers: 0 }).map((s) => ({ ...s, loyalty: { ...s.loyalty, plus: 500, paid: 40, bonusReturn: true } })), async (s) => {
        const o = await play(w, s);
        await checkBonusReturn(w, o, (await placedOrder(w, o))?.ref);
      }),
      runSettings(20),
    );
  }, 300_000);
});

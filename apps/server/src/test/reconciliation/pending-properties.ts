/*
 * Properties of issue 38 §1 that fail on the current code wait here, out of the test glob (*.api.test.ts), each with
 * the bug it names, until that bug is fixed; then they move into a real test file. Run this file on its own with a
 * config that includes it (a copy of vitest.config.ts's api project with
 * include: ['apps/server/src/test/reconciliation/pending-properties.ts']).
 *
 * None is pending now. Moved out once fixed:
 * - points on a loss-making order (loyalty-rules.ts skipped the lines with margin ≤ 0; fixed in 2c665d8) and
 * - bonus_return on a live order (returnOrderPoints() never looked at the order's status) —
 *   both in loyalty-ledger.api.test.ts;
 * - the basket showing one gift while the order got one per offer, gift thresholds × the rate for a RUB list, ruble
 *   thresholds against a USD sum, CUR_* = RUB ÷ rate — checked by order-figures.api.test.ts.
 */
export {};

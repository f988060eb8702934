import Decimal from 'decimal.js';
import { expect } from 'vitest';
import { ORDER_FIELD_LABEL as L } from '@b2b/contracts/orders';
import {
  basketRoubles,
  expectedCurrency,
  inRoubles,
  POINTS_PCT,
  refDelivery,
  refLedger,
  refLines,
  refOrder,
  round2,
  sumOf,
  type Outcome,
  type RefLine,
  type RefOrder,
  type Views,
  type World,
} from './reconciliation-kit';

/*
 * The invariants of issue 38 §1, each checked on one played scenario against the plain reference SQL of the kit.
 * Shared by the property files and the pending properties (pending-properties.ts).
 */

const eq = (actual: Decimal.Value, expected: Decimal.Value, what: string) =>
  expect(new Decimal(actual).toFixed(4), what).toBe(new Decimal(expected).toFixed(4));

/** Gift lines: at 0, given by one of the run's gift offers. */
const isGift = (o: Outcome, l: RefLine) => l.offer_id !== null && o.giftOffers.some((g) => g.offerId === l.offer_id) && new Decimal(l.price).isZero();

/** The placed order, its lines and their figures as the reference SQL reads them. */
export async function placedOrder(w: World, o: Outcome): Promise<{ ref: RefOrder; lines: RefLine[] } | undefined> {
  if (o.orderId === null) return undefined;
  return { ref: await refOrder(w, o.orderId), lines: await refLines(w, o.orderId) };
}

/** The basket may be ordered exactly when its rouble sum reaches the minimum order sum (roubles); then checkout places it. */
export function checkBasketMinimum(o: Outcome) {
  const min = o.s.shop.minOrderSum;
  const below = min !== null && basketRoubles(o).lt(min);
  expect(o.basket.CAN_ORDER, `CAN_ORDER for ${basketRoubles(o).toFixed(4)} ₽ against the minimum ${min} ₽`).toBe(below ? 'N' : 'Y');
  expect(o.placed.SUCCESS, `checkout answer ${JSON.stringify(o.placed)}`).toBe(below ? 'N' : 'Y');
}

/**
 * The basket's SUM is Σ quantity × shown price in its CURRENCY; its gifts are one per running offer whose threshold
 * (roubles) its rouble sum reaches; its delivery is the zone's (roubles, from the base tables) shown round2(÷ rate).
 */
export async function checkBasket(w: World, o: Outcome) {
  const cur = expectedCurrency(o.s);
  expect(o.basket.CURRENCY, 'basket CURRENCY').toBe(cur.code);
  eq(
    o.basket.SUM,
    sumOf(o.basket.ITEMS, (i) => new Decimal(i.PRICE).mul(i.QUANTITY)),
    'basket SUM = Σ quantity × PRICE',
  );
  const roubles = basketRoubles(o);
  const reached = o.giftOffers
    .filter((g) => roubles.gte(g.threshold))
    .map((g) => g.offerId)
    .sort();
  expect(o.basket.GIFTS.map((g) => g.OFFER_ID).sort(), `the gifts reached by ${roubles.toFixed(4)} ₽ (${JSON.stringify(o.giftOffers)})`).toEqual(
    reached,
  );
  const delivery = await refDelivery(w, o, roubles);
  expect(o.basket.DELIVERY_PRICE, `basket DELIVERY_PRICE (${delivery.toFixed(2)} ₽ ÷ ${cur.rate})`).toBe(round2(delivery.div(cur.rate)));
}

/**
 * The order holds what the buyer saw: the basket's lines and quantities, each at the shown price in roubles
 * (round4(shown × rate), the shown price itself for a RUB order), in the order's currency and rate; the basket's gift
 * (one line at 0) and no other.
 */
export function checkOrderIsBasket(o: Outcome, ref: RefOrder, lines: RefLine[]) {
  const cur = expectedCurrency(o.s);
  expect({ currency: ref.currency, rate: new Decimal(ref.currency_rate).toFixed(4) }, 'the order keeps its currency and rate').toEqual({
    currency: cur.code,
    rate: new Decimal(cur.rate).toFixed(4),
  });
  const sold = lines.filter((l) => !isGift(o, l));
  expect(sold.map((l) => [l.product_id, l.quantity]).sort(), 'the order holds the basket lines').toEqual(
    o.basket.ITEMS.map((i) => [i.PRODUCT_ID, i.QUANTITY]).sort(),
  );
  for (const i of o.basket.ITEMS) {
    const line = sold.find((l) => l.product_id === i.PRODUCT_ID)!;
    eq(line.cur_price, i.PRICE, `cur_price of product ${i.PRODUCT_ID} = the shown price`);
    eq(line.price, inRoubles(i.PRICE, cur.rate), `price of product ${i.PRODUCT_ID} in roubles (shown ${i.PRICE} × ${cur.rate})`);
  }
  const gifts = lines.filter((l) => isGift(o, l));
  expect(gifts.map((g) => g.offer_id).sort(), `the order's gifts are the basket's (${JSON.stringify(o.basket.GIFTS)})`).toEqual(
    o.basket.GIFTS.map((g) => g.OFFER_ID).sort(),
  );
  for (const g of gifts) expect([g.quantity, new Decimal(g.cur_price).toFixed(4)], 'a gift is one unit at 0').toEqual([1, '0.0000']);
}

/** An order's total: position_sum = Σ quantity × price of its lines, position_count its lines, delivery the zone's. */
export async function checkTotals(w: World, o: Outcome, ref: RefOrder) {
  eq(ref.position_sum, ref.lines_sum, 'position_sum = Σ quantity × price of order_items');
  expect(ref.position_count, 'position_count = the order lines').toBe(ref.lines);
  eq(
    ref.position_sum,
    sumOf(o.basket.ITEMS, (i) => inRoubles(i.PRICE, expectedCurrency(o.s).rate).mul(i.QUANTITY)),
    'position_sum = the basket in roubles',
  );
  eq(ref.delivery_price, await refDelivery(w, o, basketRoubles(o)), `delivery (roubles) of ${JSON.stringify(o.s.delivery)}`);
}

/**
 * Margins on one VAT basis: each line's buying_price is the catalogue's purchase price netted of VAT for a WO_VAT shop,
 * to 4 decimals (never kopecks before × quantity); purchase_sum = Σ quantity × buying_price and
 * position_margin = Σ quantity × (price − buying_price) over all lines, gifts included.
 */
export function checkMargins(ref: RefOrder, lines: RefLine[]) {
  for (const l of lines) eq(l.buying_price, l.net_purchase, `buying_price of product ${l.product_id} (${ref.tax_type})`);
  eq(ref.purchase_sum, ref.lines_purchase, 'purchase_sum = Σ quantity × buying_price');
  eq(ref.position_margin, new Decimal(ref.lines_sum).minus(ref.lines_purchase), 'position_margin = Σ quantity × (price − buying_price)');
}

/**
 * The back-office card, the order list's row, the buyer's «Мои заказы» and order page and the order's .xlsx show the
 * same figures: roubles in the back office (POSITION_SUM, margins, delivery), the order's currency for the buyer
 * (Σ quantity × shown price; delivery converted once, round2(roubles ÷ rate)); CUR_* = Σ quantity × shown price, exact.
 */
export function checkViews(o: Outcome, ref: RefOrder, lines: RefLine[], v: Views) {
  const cur = expectedCurrency(o.s);
  const shownSum = sumOf(o.basket.ITEMS, (i) => new Decimal(i.PRICE).mul(i.QUANTITY));
  const { card } = v;
  expect(card.POSITION_SUM, 'card POSITION_SUM').toBe(round2(ref.lines_sum));
  expect(card.PRODUCTS_SUM, 'card PRODUCTS_SUM').toBe(round2(ref.lines_sum));
  expect(card.DELIVERY_PRICE, 'card DELIVERY_PRICE').toBe(round2(ref.delivery_price));
  expect(card.POSITION_MARGIN, 'card POSITION_MARGIN').toBe(round2(new Decimal(ref.lines_sum).minus(ref.lines_purchase)));
  expect(card.CURRENCY, 'card CURRENCY').toBe(cur.code);
  expect(card.POSITION_COUNT, 'card POSITION_COUNT').toBe(ref.lines);
  for (const p of card.PRODUCTS as { PRODUCT_ID: number; PRICE: string; QUANTITY: number; MARGIN: string; BUYING_PRICE: string }[]) {
    const l = lines.find((x) => x.product_id === p.PRODUCT_ID)!;
    expect([p.PRICE, p.QUANTITY, p.BUYING_PRICE, p.MARGIN], `card line ${p.PRODUCT_ID}`).toEqual([
      round2(l.price),
      l.quantity,
      round2(l.buying_price),
      round2(new Decimal(l.price).minus(l.buying_price).mul(l.quantity)),
    ]);
  }
  expect(card.CUR_POSITION_SUM, 'card CUR_POSITION_SUM = Σ quantity × shown price').toBe(round2(shownSum));

  const row = v.listRow;
  expect(row, 'the order list has the order').toBeDefined();
  expect(
    { POSITION_SUM: row?.POSITION_SUM, CUR_POSITION_SUM: row?.CUR_POSITION_SUM, CURRENCY: row?.CURRENCY, POSITION_COUNT: row?.POSITION_COUNT },
    'the order list row = the card',
  ).toEqual({
    POSITION_SUM: card.POSITION_SUM,
    CUR_POSITION_SUM: card.CUR_POSITION_SUM,
    CURRENCY: card.CURRENCY,
    POSITION_COUNT: card.POSITION_COUNT,
  });

  expect(v.buyerRow, "the buyer's «Мои заказы» has the order").toBeDefined();
  const buyerDelivery = round2(cur.code === 'RUB' ? ref.delivery_price : new Decimal(ref.delivery_price).div(cur.rate));
  expect({ POSITION_SUM: v.buyerRow?.POSITION_SUM, DELIVERY_PRICE: v.buyerRow?.DELIVERY_PRICE }, "the buyer's «Мои заказы» row").toEqual({
    POSITION_SUM: round2(shownSum),
    DELIVERY_PRICE: buyerDelivery,
  });
  const buyerItems = (v.buyerOrder.ITEMS as { PRODUCT_ID: number; PRICE: string; QUANTITY: number; SUM: string; GIFT: string }[]).filter(
    (i) => i.GIFT !== 'Y',
  );
  expect(
    buyerItems.map((i) => [i.PRODUCT_ID, i.QUANTITY, i.PRICE, i.SUM]).sort(),
    "the buyer's order page shows the basket's lines at its prices",
  ).toEqual(o.basket.ITEMS.map((i) => [i.PRODUCT_ID, i.QUANTITY, round2(i.PRICE), round2(new Decimal(i.PRICE).mul(i.QUANTITY))]).sort());

  const x = v.exported;
  expect(x.header.get(L.POSITION_SUM), `export «${L.POSITION_SUM}»`).toBe(Number(card.POSITION_SUM));
  expect(x.header.get(L.DELIVERY_PRICE), `export «${L.DELIVERY_PRICE}»`).toBe(Number(card.DELIVERY_PRICE));
  expect(x.header.get(L.CURRENCY), `export «${L.CURRENCY}»`).toBe(card.CURRENCY);
  expect(
    x.items.map((i) => [i.code, i.quantity, i.price, i.sum, i.margin]).sort(),
    'export lines: quantity, price, Σ = quantity × price and margin, each rounded once',
  ).toEqual(
    lines
      .map((l) => [
        l.up_code_1c,
        l.quantity,
        Number(round2(l.price)),
        Number(round2(new Decimal(l.price).mul(l.quantity))),
        Number(round2(new Decimal(l.price).minus(l.buying_price).mul(l.quantity))),
      ])
      .sort(),
  );
  expect([x.total.sum, x.total.margin], "export «Итого»: the card's sum and margin").toEqual([
    Number(card.PRODUCTS_SUM),
    Number(card.POSITION_MARGIN),
  ]);
}

/**
 * Loyalty ledger: a member's balance = Σ of its ledger rows, never below zero, and the loyalty card shows it; an order
 * is credited at most once, and only once it is completed. Not a member: no balance, no rows.
 */
export async function checkLedger(w: World, o: Outcome, ref: RefOrder | undefined) {
  const led = await refLedger(w, o.clientId, o.orderId);
  if (!o.s.loyalty.member) {
    expect(led.balance, 'not a member: no balance').toBeNull();
    eq(led.ledger, 0, 'not a member: no ledger');
    return;
  }
  eq(led.balance ?? 0, led.ledger, 'balance = Σ ledger');
  expect(new Decimal(led.ledger).gte(0), 'balance ≥ 0').toBe(true);
  const api = (await w.get(`/v3/api/partner/loyalty/client/${o.clientId}/`)).json();
  expect(api.ITEM.BALANCE, 'the loyalty card shows the balance').toBe(new Decimal(led.ledger).toFixed(0));
  const minus = o.moves.find((m) => m.what === 'minus');
  if (minus?.answer.SUCCESS === 'Y') expect(minus.answer.BALANCE, 'minus answers the balance it leaves').toMatch(/^\d+$/);
  expect(led.credit_rows, 'at most one credit per order').toBeLessThanOrEqual(1);
  if (ref && ref.status !== 'COMPLETED') eq(led.credits, 0, `no points for a ${ref.status} order`);
}

/**
 * Points on an order: floor(margin × pct) of the order's real margin (Σ of all its lines, gifts included), 0 when the
 * margin ≤ 0, credited when it completes (the run's one scoring rule, no brand coefficient, no status).
 */
export async function checkOrderPoints(w: World, o: Outcome, ref: RefOrder | undefined) {
  if (!ref || !o.s.loyalty.member) return;
  const led = await refLedger(w, o.clientId, o.orderId);
  const margin = new Decimal(ref.position_margin);
  const earned = ref.status === 'COMPLETED' && margin.gt(0) ? margin.mul(POINTS_PCT).div(100).floor() : new Decimal(0);
  eq(led.credits, earned, `points for a ${ref.status} order with margin ${margin.toFixed(4)} ₽`);
}

/** bonus_return gives back the points an order was paid with, once, and only for a canceled order. */
export async function checkBonusReturn(w: World, o: Outcome, ref: RefOrder | undefined) {
  if (!ref || o.bonusReturn === null) return;
  const led = await refLedger(w, o.clientId, o.orderId);
  const paid = new Decimal(led.debits);
  const may = ref.status === 'CANCELED' && paid.gt(0);
  expect(o.bonusReturn.SUCCESS, `bonus_return on a ${ref.status} order paid with ${paid.toFixed(0)} points: ${JSON.stringify(o.bonusReturn)}`).toBe(
    may ? 'Y' : 'N',
  );
  eq(led.returns, may ? paid : 0, 'points returned');
}

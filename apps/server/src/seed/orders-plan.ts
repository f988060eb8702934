import Decimal from 'decimal.js';
import type { SeededProduct } from './catalog-seed';
import { clientPrice } from './client-pricing';
import type { SeededClient } from './clients-seed';
import { addDays, addMinutes, atMoscowTime, MINUTE_MS, moscowWeekday } from './dates';
import { CANCEL_REASONS, ORDER_COMMENTS, ORDER_NOTES, SHOP_COMMENTS } from './names-ru';
import type { DiscountOffer } from './offers-seed';
import { ageInDays, statusForAge, timeline, type OrderAction, type OrderStatus } from './order-timeline';
import { WeightedPicker, type Random } from './random';

export interface OrderItemPlan {
  product: SeededProduct;
  quantity: number;
  price: Decimal;
  special: boolean;
  offerId: number | null;
}

export interface OrderEventPlan {
  action: OrderAction;
  at: Date;
  userId: number | null;
  details: Record<string, string>;
}

export interface OrderPlan {
  number: string;
  client: SeededClient;
  status: OrderStatus;
  createdAt: Date;
  items: OrderItemPlan[];
  positionSum: Decimal;
  purchaseSum: Decimal;
  paymentType: 'CASH' | 'NON_CASH' | 'CARD';
  tradepointId: number | null;
  address: string | null;
  comment: string | null;
  shopComment: string | null;
  note: string | null;
  cancelComment: string | null;
  events: OrderEventPlan[];
  /** Set by the loyalty plan for orders of programme members. */
  isLoyalty: boolean;
  loyaltySum: Decimal;
  returnedBonus: Decimal;
}

export interface OrdersOptions {
  count: number;
  now: Date;
  clients: readonly SeededClient[];
  products: readonly SeededProduct[];
  tradepointIds: readonly number[];
  orderPrefix: string;
  /** The employee who handles an order at a given time. */
  handlerAt: (rng: Random, at: Date) => number;
  discount?: DiscountOffer;
}

const MAX_AGE_DAYS = 364;

/** A time in the last 12 months, denser towards today, on working days and hours (Moscow time). */
function orderTime(rng: Random, now: Date): Date {
  // A mix of uniform and linearly rising density: the business grows.
  let age = rng.chance(0.3) ? rng.float(0, MAX_AGE_DAYS) : MAX_AGE_DAYS * (1 - Math.sqrt(rng.float()));
  const weekday = moscowWeekday(addDays(now, -age));
  const toFriday = rng.chance(0.8);
  if (toFriday && (weekday === 6 || weekday === 0)) age += weekday === 6 ? 1 : 2;
  age = Math.min(age, MAX_AGE_DAYS);
  const at = atMoscowTime(addDays(now, -age), 8 + Math.floor(12 * rng.skewed(1.3)), rng.int(0, 59));
  const latest = addMinutes(now, -5);
  return at < latest ? at : new Date(Math.floor(addMinutes(now, -rng.int(5, 240)).getTime() / MINUTE_MS) * MINUTE_MS);
}

/**
 * The orders on the staff's desk today: whatever the date and hour the demo is built, a few orders of
 * the last two days wait in each working status (the statuses by age alone could leave one empty).
 */
const DESK: readonly OrderStatus[] = ['NEW', 'NEW', 'VIEWED', 'VIEWED', 'IN_BASKET', 'IN_BASKET'];

function deskTime(rng: Random, now: Date): Date {
  return new Date(Math.floor(addMinutes(now, -rng.int(30, 2 * 24 * 60)).getTime() / MINUTE_MS) * MINUTE_MS);
}

/** A client that could order at that time: registered before and not blacklisted yet. */
function clientAt(rng: Random, picker: WeightedPicker<SeededClient>, fallback: SeededClient, at: Date): SeededClient {
  for (let attempt = 0; attempt < 100; attempt++) {
    const c = picker.pick(rng);
    if (c.registeredAt < addMinutes(at, -60) && (!c.blacklistedAt || at < c.blacklistedAt)) return c;
  }
  return fallback;
}

function quantity(rng: Random, product: SeededProduct): number {
  if (product.purchase.gte(3000)) return product.pack * rng.int(1, 2);
  const upTo = product.pack >= 10 ? 6 : product.pack > 1 ? 12 : 25;
  return product.pack * (1 + Math.floor(upTo * rng.skewed(2)));
}

function items(rng: Random, opts: OrdersOptions, products: WeightedPicker<SeededProduct>, client: SeededClient, at: Date) {
  const count = 1 + Math.floor(15 * rng.skewed(1.7));
  const chosen = new Map<number, SeededProduct>();
  for (let attempt = 0; chosen.size < count && attempt < count * 5; attempt++) {
    const p = products.pick(rng);
    chosen.set(p.id, p);
  }
  const offer = opts.discount && at >= opts.discount.dateStart && at <= opts.discount.dateEnd ? opts.discount : undefined;
  return [...chosen.values()].map((product): OrderItemPlan => {
    const offerPrice = offer?.prices.get(product.id);
    return {
      product,
      quantity: quantity(rng, product),
      price: offerPrice ?? clientPrice(client, product),
      special: Boolean(offerPrice),
      offerId: offer && offerPrice ? offer.id : null,
    };
  });
}

/** One order, numbered later (once all are sorted by date). */
function planOrder(
  rng: Random,
  opts: OrdersOptions,
  clients: WeightedPicker<SeededClient>,
  products: WeightedPicker<SeededProduct>,
  desk: OrderStatus | undefined,
): OrderPlan {
  const createdAt = desk ? deskTime(rng, opts.now) : orderTime(rng, opts.now);
  const client = clientAt(rng, clients, opts.clients[0], createdAt);
  const status = desk ?? statusForAge(rng, ageInDays(createdAt, opts.now));
  const lines = items(rng, opts, products, client, createdAt);
  const events = timeline(rng, status, createdAt, opts.now).map(({ action, at }): OrderEventPlan => {
    const cancel = action === 'CANCELED' ? rng.pick(CANCEL_REASONS) : null;
    return {
      action,
      at,
      userId: action === 'CREATED' ? client.userId : opts.handlerAt(rng, at),
      details: cancel ? { comment: cancel } : {},
    };
  });
  const pickup = rng.chance(0.35);
  const handled = status !== 'NEW';
  return {
    number: '',
    client,
    status,
    createdAt,
    items: lines,
    positionSum: lines.reduce((s, i) => s.plus(i.price.mul(i.quantity)), new Decimal(0)),
    purchaseSum: lines.reduce((s, i) => s.plus(i.product.purchase.mul(i.quantity)), new Decimal(0)),
    paymentType: rng.pickWeighted({ NON_CASH: 60, CASH: 25, CARD: 15 }),
    tradepointId: pickup ? (rng.chance(0.7) ? opts.tradepointIds[0] : rng.pick(opts.tradepointIds)) : null,
    address: pickup ? null : client.address,
    comment: rng.chance(0.25) ? rng.pick(ORDER_COMMENTS) : null,
    shopComment: handled && rng.chance(0.08) ? rng.pick(SHOP_COMMENTS) : null,
    note: handled && rng.chance(0.05) ? rng.pick(ORDER_NOTES) : null,
    cancelComment: events.find((e) => e.action === 'CANCELED')?.details.comment ?? null,
    events,
    isLoyalty: false,
    loyaltySum: new Decimal(0),
    returnedBonus: new Decimal(0),
  };
}

/** Orders of the last 12 months, numbered in the order they were placed ("К-000001"). */
export function planOrders(rng: Random, opts: OrdersOptions): OrderPlan[] {
  const clients = new WeightedPicker(
    opts.clients.filter((c) => c.orders),
    (c) => c.weight,
  );
  const products = new WeightedPicker(
    opts.products.filter((p) => p.active),
    (p) => p.popularity,
  );
  const plans: OrderPlan[] = [];
  // Each order draws from its own generator: what depends on today's date (weekends, statuses by age)
  // changes that order only, never the ones after it.
  const desk = opts.count >= DESK.length * 10 ? DESK : [];
  for (let i = 0; i < opts.count; i++) plans.push(planOrder(rng.fork(`order-${i}`), opts, clients, products, desk[i]));
  plans.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  plans.forEach((p, i) => (p.number = `${opts.orderPrefix}-${String(i + 1).padStart(6, '0')}`));
  return plans;
}

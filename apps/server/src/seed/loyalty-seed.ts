import Decimal from 'decimal.js';
import type { Db } from '@/db/database';
import { insertRows } from './batch-insert';
import type { SeededClient } from './clients-seed';
import { addDays, addMinutes, daysBetween, earlier } from './dates';
import { toMoney, wholePoints } from './money';
import type { OrderPlan } from './orders-plan';
import type { SeededLoyaltyStatus } from './partners-seed';
import type { Random } from './random';

type Operation = 'CREDIT' | 'DEBIT' | 'RETURN' | 'PLUS' | 'MINUS';

export interface LedgerEntry {
  operation: Operation;
  /** Signed: credits positive, debits negative; a member's balance is the sum of its entries. */
  points: Decimal;
  title: string;
  comment: string | null;
  order: OrderPlan | null;
  at: Date;
  /** Points earned on orders burn after the programme's burn days; bonus points do not burn. */
  burnAt: Date | null;
  createdBy: number | null;
}

export interface MemberPlan {
  client: SeededClient;
  enabledAt: Date;
  cardCode: string;
  status: SeededLoyaltyStatus;
  balance: Decimal;
  entries: LedgerEntry[];
}

export interface LoyaltyOptions {
  memberCount: number;
  clients: readonly SeededClient[];
  orders: readonly OrderPlan[];
  statuses: readonly SeededLoyaltyStatus[];
  pointsPercent: Decimal;
  /** The loyalty employee who makes manual adjustments. */
  employeeId: number;
  now: Date;
  burnDays: number;
}

const WELCOME_POINTS = new Decimal(300);
const CAMPAIGN_POINTS = new Decimal(500);
const ADJUSTMENT_POINTS = new Decimal(200);
const MIN_DEBIT = new Decimal(100);

/** What happens to a member, processed in time order so that the balance never goes below zero. */
type MemberEvent = { at: Date; kind: 'WELCOME' | 'CAMPAIGN' | 'ADJUSTMENT' } | { at: Date; kind: 'PAY' | 'CREDIT' | 'RETURN'; order: OrderPlan };

const statusFor = (statuses: readonly SeededLoyaltyStatus[], turnover: Decimal) =>
  statuses.filter((s) => turnover.gte(s.threshold)).reduce((a, b) => (b.threshold.gt(a.threshold) ? b : a));

/** Members weighted by how much they order; the anchor client (the demo buyer's) is always one. */
function chooseMembers(rng: Random, opts: LoyaltyOptions): SeededClient[] {
  const candidates = opts.clients.filter((c) => !c.blacklistedAt);
  const keyed = candidates.map((c, i) => ({ c, key: i === 0 ? Infinity : rng.float() ** (1 / (c.orders ? c.weight : 0.3)) }));
  return keyed
    .sort((a, b) => b.key - a.key)
    .slice(0, opts.memberCount)
    .map((k) => k.c);
}

function memberEvents(rng: Random, enabledAt: Date, ordersOf: readonly OrderPlan[], now: Date): MemberEvent[] {
  const events: MemberEvent[] = [{ at: addMinutes(enabledAt, 1), kind: 'WELCOME' }];
  for (const order of ordersOf.filter((o) => o.createdAt >= enabledAt)) {
    order.isLoyalty = true;
    if (rng.chance(0.2)) events.push({ at: order.createdAt, kind: 'PAY', order });
    const closedAt = order.events[order.events.length - 1].at;
    if (order.status === 'COMPLETED') events.push({ at: closedAt, kind: 'CREDIT', order });
    if (order.status === 'CANCELED') events.push({ at: closedAt, kind: 'RETURN', order });
  }
  const sometime = () => earlier(addDays(enabledAt, rng.float(1, Math.max(daysBetween(enabledAt, now) - 1, 1))), now);
  if (rng.chance(0.12)) events.push({ at: sometime(), kind: 'CAMPAIGN' });
  if (rng.chance(0.06)) events.push({ at: sometime(), kind: 'ADJUSTMENT' });
  return events.sort((a, b) => a.at.getTime() - b.at.getTime());
}

/** A member's ledger as it builds up: its running balance and its turnover (which sets the status). */
class MemberLedger {
  balance = new Decimal(0);
  turnover = new Decimal(0);
  readonly entries: LedgerEntry[] = [];

  constructor(private readonly opts: LoyaltyOptions) {}

  apply(e: MemberEvent): void {
    const { opts } = this;
    switch (e.kind) {
      case 'WELCOME':
        return this.add({ operation: 'PLUS', points: WELCOME_POINTS, title: 'Приветственные баллы', at: e.at });
      case 'CAMPAIGN':
        return this.add({
          operation: 'PLUS',
          points: CAMPAIGN_POINTS,
          title: 'Начисление по акции',
          comment: 'Бонус постоянному клиенту',
          at: e.at,
          createdBy: opts.employeeId,
        });
      case 'ADJUSTMENT':
        if (this.balance.lt(ADJUSTMENT_POINTS)) return;
        return this.add({
          operation: 'MINUS',
          points: ADJUSTMENT_POINTS.neg(),
          title: 'Корректировка баланса',
          comment: 'По обращению клиента',
          at: e.at,
          createdBy: opts.employeeId,
        });
      case 'PAY': {
        // Up to 30% of the order paid with points.
        const points = Decimal.min(this.balance, wholePoints(e.order.positionSum.mul('0.3')));
        if (points.lt(MIN_DEBIT)) return;
        e.order.loyaltySum = points;
        return this.add({ operation: 'DEBIT', points: points.neg(), title: `Оплата баллами заказа ${e.order.number}`, order: e.order, at: e.at });
      }
      case 'CREDIT': {
        const { multiplier } = statusFor(opts.statuses, this.turnover);
        this.turnover = this.turnover.plus(e.order.positionSum);
        const paid = e.order.positionSum.minus(e.order.loyaltySum);
        const points = wholePoints(paid.mul(opts.pointsPercent).mul(multiplier).div(10000));
        if (points.lte(0)) return;
        return this.add({
          operation: 'CREDIT',
          points,
          title: `Начисление за заказ ${e.order.number}`,
          order: e.order,
          at: e.at,
          burnAt: addDays(e.at, opts.burnDays),
        });
      }
      case 'RETURN':
        if (e.order.loyaltySum.lte(0)) return;
        e.order.returnedBonus = e.order.loyaltySum;
        return this.add({
          operation: 'RETURN',
          points: e.order.loyaltySum,
          title: `Возврат баллов по отмененному заказу ${e.order.number}`,
          order: e.order,
          at: e.at,
        });
    }
  }

  private add(entry: Pick<LedgerEntry, 'operation' | 'points' | 'title' | 'at'> & Partial<LedgerEntry>): void {
    this.entries.push({ comment: null, order: null, burnAt: null, createdBy: null, ...entry });
    this.balance = this.balance.plus(entry.points);
  }
}

function planMember(rng: Random, client: SeededClient, index: number, ordersOf: readonly OrderPlan[], opts: LoyaltyOptions): MemberPlan {
  const span = Math.max(daysBetween(client.registeredAt, opts.now) - 1, 0);
  const enabledAt = addDays(client.registeredAt, rng.float(0, Math.min(90, span)));
  const ledger = new MemberLedger(opts);
  for (const event of memberEvents(rng, enabledAt, ordersOf, opts.now)) ledger.apply(event);
  return {
    client,
    enabledAt,
    // Unique: each member draws from its own range of 7,919 numbers.
    cardCode: String(2_000_000_000 + index * 7919 + rng.int(0, 7918)),
    status: statusFor(opts.statuses, ledger.turnover),
    balance: ledger.balance,
    entries: ledger.entries,
  };
}

/**
 * Programme members and their ledgers. Marks the members' orders as loyalty orders (paid partly with
 * points, points returned on cancel), so it runs before the orders are inserted.
 */
export function planLoyalty(rng: Random, opts: LoyaltyOptions): MemberPlan[] {
  const ordersByClient = new Map<number, OrderPlan[]>();
  for (const o of opts.orders) ordersByClient.set(o.client.id, [...(ordersByClient.get(o.client.id) ?? []), o]);
  return chooseMembers(rng, opts).map((client, i) => planMember(rng.fork(`member-${i}`), client, i, ordersByClient.get(client.id) ?? [], opts));
}

export async function insertLoyalty(
  db: Db,
  partnerId: number,
  members: readonly MemberPlan[],
  orderId: (order: OrderPlan) => number,
  now: Date,
): Promise<void> {
  await insertRows(
    db,
    'loyalty_members',
    members.map((m) => ({
      partner_id: partnerId,
      client_id: m.client.id,
      enabled: true,
      enabled_at: m.enabledAt,
      card_code: m.cardCode,
      status_id: m.status.id,
      date_status_end: m.status.threshold.gt(0) ? addDays(now, 180) : null,
      balance: toMoney(m.balance),
    })),
  );
  await insertRows(
    db,
    'loyalty_ledger',
    members.flatMap((m) =>
      m.entries.map((e) => ({
        partner_id: partnerId,
        client_id: m.client.id,
        order_id: e.order ? orderId(e.order) : null,
        operation: e.operation,
        points: toMoney(e.points),
        title: e.title,
        comment: e.comment,
        burn_at: e.burnAt,
        created_by: e.createdBy,
        created_at: e.at,
      })),
    ),
  );
}

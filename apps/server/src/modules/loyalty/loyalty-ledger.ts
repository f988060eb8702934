import Decimal from 'decimal.js';
import type { LoyaltyOperation } from '@b2b/contracts/loyalty';
import type { Db } from '@/db/database';
import { dueToBurn } from './loyalty-rules';
import { loyaltyRepo } from './loyalty.repo';

/*
 * Writing points (issue 15.4): every movement is a new ledger row written under the member's row lock, in the same
 * transaction as the member's balance (which therefore always equals the sum of its rows, and the database refuses
 * below zero). A movement with a key is written once however often it is asked for. Before points are spent, the
 * awards whose burn date has passed burn.
 */

export interface Movement {
  operation: LoyaltyOperation;
  /** Signed: awards positive, spending negative; whole points. */
  points: Decimal;
  title: string;
  comment?: string | null;
  orderId?: number | null;
  burnAt?: Date | null;
  key?: string | null;
  createdBy?: number | null;
}

export type Posted = { posted: true; balance: Decimal } | { posted: false; reason: 'duplicate' | 'not_member' | 'low_balance'; balance: Decimal };

/** Burns what is left of a member's awards whose date has passed; answers the points burned. Run under the member's lock. */
export async function burnDue(trx: Db, partnerId: number, clientId: number, now = new Date()): Promise<Decimal> {
  const repo = loyaltyRepo(trx);
  const due = dueToBurn(
    (await repo.movements(trx, partnerId, clientId)).map((m) => ({ id: Number(m.id), points: m.points, burnAt: m.burn_at })),
    now,
  );
  if (due.lte(0)) return due;
  await repo.insertEntry(trx, {
    partner_id: partnerId,
    client_id: clientId,
    operation: 'BURN',
    points: due.neg().toFixed(4),
    title: 'Сгорание баллов',
  });
  await repo.addToBalance(trx, partnerId, clientId, due.neg().toFixed(4));
  return due;
}

/** Writes one movement of a member's points in `trx`. */
export async function post(trx: Db, partnerId: number, clientId: number, m: Movement): Promise<Posted> {
  const repo = loyaltyRepo(trx);
  const member = await repo.lockMember(trx, partnerId, clientId);
  if (!member) return { posted: false, reason: 'not_member', balance: new Decimal(0) };
  await burnDue(trx, partnerId, clientId);
  const balance = new Decimal((await repo.lockMember(trx, partnerId, clientId))!.balance);
  if (m.points.lt(0) && balance.plus(m.points).lt(0)) return { posted: false, reason: 'low_balance', balance };
  const row = await repo.insertEntry(trx, {
    partner_id: partnerId,
    client_id: clientId,
    order_id: m.orderId ?? null,
    operation: m.operation,
    points: m.points.toFixed(4),
    title: m.title,
    comment: m.comment ?? null,
    burn_at: m.burnAt ?? null,
    idempotency_key: m.key ?? null,
    created_by: m.createdBy ?? null,
  });
  if (!row) return { posted: false, reason: 'duplicate', balance };
  await repo.addToBalance(trx, partnerId, clientId, m.points.toFixed(4));
  return { posted: true, balance: balance.plus(m.points) };
}

import Decimal from 'decimal.js';
import { LIMITS } from '@b2b/contracts/limits';
import {
  LOYALTY_MSG,
  LOYALTY_OPERATION_LABEL,
  LOYALTY_OPERATIONS,
  pointsReturnableIn,
  type BuyerLoyalty,
  type BuyerPointsAnswer,
  type loyaltyAdjustBody,
  type loyaltyBalanceQuery,
  type LoyaltyMemberRow,
  type loyaltyParticipationQuery,
} from '@b2b/contracts/loyalty';
import type { LoyaltyHistoryEntry } from '@b2b/contracts/orders';
import type { z } from 'zod';
import type { Db } from '@/db/database';
import { isUniqueViolation } from '@/db/db-errors';
import type { DomainEvent } from '@/events/domain-events';
import type { AuthUser } from '@/http/auth-context';
import { notFound } from '@/http/app-error';
import { failed, ok, toSeconds, yn } from '@/http/envelope';
import { MSG } from '@b2b/contracts/messages';
import { moscowDayEnd, moscowWallClock } from '@/http/moscow-days';
import { listPeriod, readDay } from '@b2b/contracts/dates';
import type { JobQueue } from '@/jobs/job-queue';
import { burnDue, post } from './loyalty-ledger';
import { awardsLeft, orderPoints } from './loyalty-rules';
import { loyaltyRepo, type LedgerRow } from './loyalty.repo';

/*
 * Members and their points (issue 15.3–6): participation, the balance list, plus and minus with a comment (never below
 * zero, never twice for one key), a member's status, the client card's tab, what a buyer sees, the points an order
 * earns when it is completed (the order.completed event, exactly once) and the points an order gives back once.
 */

type Staff = AuthUser & { partnerId: number };
const BURN_JOB = 'loyalty.burn';

const whole = (text: string) => (/^\d{1,9}$/.test(text.replace(/\s/g, '')) ? new Decimal(text.replace(/\s/g, '')) : undefined);
const points = (v: string | Decimal) => new Decimal(v).toFixed(0);

export function historyEntry(
  r: Pick<LedgerRow, 'id' | 'title' | 'operation' | 'points' | 'comment' | 'created_at' | 'burn_at'>,
): LoyaltyHistoryEntry {
  return {
    ID: Number(r.id),
    TITLE: r.title,
    OPERATION: r.operation,
    BONUS_CNT: points(r.points),
    COMMENT: r.comment,
    DATE: toSeconds(r.created_at)!,
    DATE_BURN: toSeconds(r.burn_at),
  };
}

export function loyaltyPointsService(
  db: Db,
  deps: { jobs: JobQueue; setReturnedBonus: (trx: Db, partnerId: number, orderId: number, points: string) => Promise<void> },
) {
  const repo = loyaltyRepo(db);

  // An award burns on its date: a job waits for it (and any spending before then burns what is due first).
  deps.jobs.register(BURN_JOB, async (payload) => {
    const partnerId = Number(payload.partnerId);
    const clientId = Number(payload.clientId);
    return db.transaction().execute(async (trx) => {
      if (!(await loyaltyRepo(trx).lockMember(trx, partnerId, clientId))) return { burned: '0' };
      return { burned: (await burnDue(trx, partnerId, clientId)).toFixed(0) };
    });
  });
  const burnLater = (trx: Db, partnerId: number, clientId: number, at: Date | null) =>
    at ? deps.jobs.enqueue(trx, BURN_JOB, { partnerId, clientId }, { partnerId, runAt: at }) : Promise.resolve(0);

  const memberRow = (r: {
    id: number;
    name: string;
    inn: string | null;
    member: number | null;
    enabled: boolean | null;
    enabled_at: Date | null;
    card_code: string | null;
    status_id: number | null;
    status_title: string | null;
    date_status_end: Date | null;
    balance: string | null;
  }): LoyaltyMemberRow => ({
    ID: Number(r.id),
    NAME: r.name,
    INN: r.inn,
    IS_AVAIL: yn(r.member !== null && r.enabled === true),
    ENABLED: yn(r.enabled === true),
    ENABLED_DATE: toSeconds(r.enabled_at),
    BALANCE: points(r.balance ?? '0'),
    CARD_CODE: r.card_code,
    STATUS: r.status_id !== null && r.status_title !== null ? { ID: Number(r.status_id), TITLE: r.status_title } : null,
    DATE_STATUS_END: toSeconds(r.date_status_end),
  });

  async function adjust(user: Staff, body: z.output<typeof loyaltyAdjustBody>, sign: 1 | -1) {
    const count = whole(String(body.points));
    if (!count || count.lte(0)) return failed({ points: LOYALTY_MSG.pointsInvalid });
    const comment = body.comment?.trim();
    if (!comment) return failed({ comment: LOYALTY_MSG.commentRequired });
    const result = await db.transaction().execute((trx) =>
      post(trx, user.partnerId, body.client_id, {
        operation: sign > 0 ? 'PLUS' : 'MINUS',
        points: count.mul(sign),
        title: sign > 0 ? 'Начисление баллов' : 'Списание баллов',
        comment,
        key: body.key ? `${sign > 0 ? 'plus' : 'minus'}:${body.key}` : null,
        createdBy: user.id,
      }),
    );
    if (!result.posted && result.reason === 'not_member') return failed({ loyalty_client_not_found: LOYALTY_MSG.clientNotFound });
    if (!result.posted && result.reason === 'low_balance') return failed({ points: LOYALTY_MSG.balanceTooLow(points(result.balance)) });
    return ok({ BALANCE: points(result.balance) }, sign > 0 ? LOYALTY_MSG.plusDone : LOYALTY_MSG.minusDone);
  }

  return {
    async participation(partnerId: number, q: z.output<typeof loyaltyParticipationQuery>) {
      const [{ rows, count, all }, statuses] = await Promise.all([
        repo.participationPage(
          partnerId,
          { query: q.query, isAvail: q.is_avail, statusId: q.status_id },
          q.sort,
          q.order,
          q.limit,
          (q.p - 1) * q.limit,
        ),
        repo.statuses(partnerId),
      ]);
      return {
        CLIENTS: rows.map(memberRow),
        ENTITIES: { STATUSES: statuses.map((s) => ({ ID: Number(s.id), TITLE: s.title })) },
        NAV: { CNT: count, CNT_ALL: all },
      };
    },

    /** Connects a client (a new member gets a card code) or disconnects it; its points stay in the ledger. */
    async setParticipation(partnerId: number, clientId: number, enabled: boolean, cardCode: string | undefined) {
      const client = await repo.client(partnerId, clientId);
      if (!client) return failed({ client_id: LOYALTY_MSG.clientNotFound });
      if (!(await repo.program(partnerId))) return failed({ client_id: LOYALTY_MSG.notInstalled });
      const code = cardCode?.trim() || String(2_100_000_000_000 + clientId);
      if (!/^[0-9A-Za-z-]{4,30}$/.test(code)) return failed({ card_code: LOYALTY_MSG.cardCodeInvalid });
      // The unique (partner_id, card_code) constraint settles two connections racing for one code.
      const done = await db
        .transaction()
        .execute(async (trx) => {
          const taken = await trx
            .selectFrom('loyalty_members')
            .select('client_id')
            .where('partner_id', '=', partnerId)
            .where('card_code', '=', code)
            .where('client_id', '!=', clientId)
            .executeTakeFirst();
          if (taken && enabled) return false;
          await trx
            .insertInto('loyalty_members')
            .values({ partner_id: partnerId, client_id: clientId, enabled, card_code: code })
            .onConflict((oc) =>
              oc
                .columns(['partner_id', 'client_id'])
                .doUpdateSet(enabled ? { enabled, ...(cardCode?.trim() ? { card_code: code } : {}) } : { enabled }),
            )
            .execute();
          return true;
        })
        .catch((err: unknown) => {
          if (isUniqueViolation(err, 'loyalty_members_partner_id_card_code_key')) return false;
          throw err;
        });
      if (!done) return failed({ card_code: LOYALTY_MSG.cardCodeTaken });
      return ok({}, enabled ? LOYALTY_MSG.enabled : LOYALTY_MSG.disabled);
    },

    /** The ledger over the days asked, or the default period (listPeriod: three months back) when none are. */
    async balance(partnerId: number, q: z.output<typeof loyaltyBalanceQuery>) {
      const period = listPeriod(q);
      const page = await repo.ledgerPage(
        partnerId,
        { operation: q.operation, clientId: q.client_id, dateStart: period.date_start, dateEnd: period.date_end },
        q.order,
        q.limit,
        (q.p - 1) * q.limit,
      );
      return {
        ITEMS: page.rows.map((r) => ({
          ...historyEntry(r),
          CLIENT: { ID: Number(r.client_id), NAME: r.name },
          ORDER_ID: r.order_id === null ? null : Number(r.order_id),
        })),
        ENTITIES: { OPERATIONS: LOYALTY_OPERATIONS.map((code) => ({ CODE: code, NAME: LOYALTY_OPERATION_LABEL[code] })) },
        NAV: { CNT: page.count, CNT_ALL: page.all, NEW_CNT: page.fresh },
      };
    },

    plus: (user: Staff, body: z.output<typeof loyaltyAdjustBody>) => adjust(user, body, 1),
    minus: (user: Staff, body: z.output<typeof loyaltyAdjustBody>) => adjust(user, body, -1),

    async setStatus(partnerId: number, clientId: number, status: string | undefined, until: string | undefined) {
      if (!(await repo.client(partnerId, clientId))) throw notFound(MSG.notFound);
      const member = await repo.member(partnerId, clientId);
      if (!member) return failed({ loyalty_client_not_found: LOYALTY_MSG.clientNotFound });
      const statusId = Number(status);
      if (!(await repo.statuses(partnerId)).some((s) => Number(s.id) === statusId)) return failed({ status_id: LOYALTY_MSG.statusUnknown });
      let end: Date | null = null;
      if (until) {
        const read = readDay(until);
        if (!('day' in read)) return failed({ date_status_end: read.error === 'range' ? read.message : LOYALTY_MSG.dateInvalid });
        end = moscowDayEnd(read.day);
      }
      await db
        .updateTable('loyalty_members')
        .set({ status_id: statusId, date_status_end: end })
        .where('partner_id', '=', partnerId)
        .where('client_id', '=', clientId)
        .execute();
      return ok({}, LOYALTY_MSG.statusSet);
    },

    /** The client card's tab: the member and its history, or loyalty_client_not_found. */
    async client(partnerId: number, clientId: number) {
      if (!(await repo.client(partnerId, clientId))) throw notFound(MSG.notFound);
      const member = await repo.member(partnerId, clientId);
      if (!member) return failed({ loyalty_client_not_found: LOYALTY_MSG.clientNotFound });
      const history = await repo.history(partnerId, clientId);
      return {
        ITEM: memberRow({ ...member, id: member.client_id, member: member.client_id }),
        HISTORY: history.map(historyEntry),
      };
    },

    /** What the shop shows the buyer: nothing unless the programme is on and its visibility for the buyer allows. */
    async buyer(partnerId: number, clientId: number): Promise<BuyerLoyalty> {
      const [program, member, groupVisibility] = await Promise.all([
        repo.program(partnerId),
        repo.member(partnerId, clientId),
        repo.clientVisibility(partnerId, clientId),
      ]);
      if (!program?.enabled) return { SHOW: 'N' };
      const visibility = groupVisibility ?? program.visibility;
      const inProgramme = Boolean(member?.enabled);
      // The shop is for signed-in buyers: ALL and AUTH both show; ENABLED only to members.
      if (visibility === 'ENABLED' && !inProgramme) return { SHOW: 'N' };
      return {
        SHOW: 'Y',
        TITLE: program.title,
        IS_AVAIL: yn(inProgramme),
        ...(inProgramme ? { BALANCE: points(member!.balance), STATUS: member!.status_title, CARD_CODE: member!.card_code } : {}),
      };
    },

    /**
     * The shop's points history of the signed-in buyer (issue 39 §4): only its own client's ledger. The programme off
     * answers `loyalty`, a buyer outside it (or switched off) `loyalty_client_not_found` — as the header then shows no
     * points (an enabled member passes every visibility). «Сгорят» is what is left of each award burning within
     * LIMITS.loyaltyBurnSoonDays from now (awardsLeft: spending draws from the awards burning first); an award past
     * its date is burned by its job and is not counted here.
     */
    async buyerPoints(partnerId: number, clientId: number, page: { limit: number; offset: number }, now = new Date()): Promise<BuyerPointsAnswer> {
      const [program, member] = await Promise.all([repo.program(partnerId), repo.member(partnerId, clientId)]);
      if (!program?.enabled) return failed({ loyalty: LOYALTY_MSG.programOff });
      if (!member?.enabled) return failed({ loyalty_client_not_found: LOYALTY_MSG.buyerNotMember });
      const [totals, history, moves] = await Promise.all([
        repo.memberTotals(partnerId, clientId),
        repo.memberPage(partnerId, clientId, page.limit, page.offset),
        repo.movements(db, partnerId, clientId),
      ]);
      const until = now.getTime() + LIMITS.loyaltyBurnSoonDays * 86400_000;
      const left = awardsLeft(moves.map((m) => ({ id: Number(m.id), points: m.points, burnAt: m.burn_at })));
      const byDay = new Map<string, { at: Date; points: Decimal }>();
      for (const m of moves) {
        const rest = left.get(Number(m.id));
        if (!rest || !m.burn_at || m.burn_at.getTime() <= now.getTime() || m.burn_at.getTime() > until) continue;
        const day = moscowWallClock(m.burn_at).toISOString().slice(0, 10);
        const kept = byDay.get(day);
        byDay.set(day, { at: kept && kept.at < m.burn_at ? kept.at : m.burn_at, points: (kept?.points ?? new Decimal(0)).plus(rest) });
      }
      const dates = [...byDay.values()].sort((a, b) => a.at.getTime() - b.at.getTime());
      return {
        TITLE: program.title,
        BALANCE: points(member.balance),
        EARNED: points(totals.earned),
        SPENT: points(totals.spent),
        BURNED: points(totals.burned),
        BURN_SOON: {
          BONUS_CNT: points(dates.reduce((sum, d) => sum.plus(d.points), new Decimal(0))),
          DAYS: LIMITS.loyaltyBurnSoonDays,
          DATES: dates.map((d) => ({ DATE_BURN: toSeconds(d.at)!, BONUS_CNT: points(d.points) })),
        },
        ITEMS: history.rows.map(historyEntry),
        NAV: { CNT: history.count, CNT_ALL: history.count },
      };
    },

    /** An order's ledger rows, newest first (the order card's action=loyalty_history). */
    async orderHistory(partnerId: number, orderId: number): Promise<LoyaltyHistoryEntry[]> {
      return (await repo.orderLedger(partnerId, orderId)).map(historyEntry);
    },

    /** Whether a client earns points on its orders now (the order's IS_LOYALTY). */
    async isMember(partnerId: number, clientId: number) {
      const [program, member] = await Promise.all([repo.program(partnerId), repo.member(partnerId, clientId)]);
      return Boolean(program?.enabled && member?.enabled);
    },

    /**
     * order.completed: the points the order earns on its margin, credited once (its key), burning after the
     * programme's burn days. Nothing for a client outside the programme or a programme that is off.
     */
    async creditCompletedOrder(event: DomainEvent<'order.completed'>, trx: Db) {
      const partnerId = event.partnerId;
      if (partnerId === null) return;
      const trxRepo = loyaltyRepo(trx);
      const program = await trxRepo.program(partnerId);
      if (!program?.enabled) return;
      const member = await trxRepo.member(partnerId, event.payload.clientId);
      if (!member?.enabled) return;
      const found = await trxRepo.orderForPoints(trx, partnerId, event.payload.orderId);
      if (!found) return;
      const [rules, coefficients] = await Promise.all([trxRepo.rules(partnerId), trxRepo.coefficients(partnerId)]);
      const statusOn = member.status_id !== null && (member.date_status_end === null || member.date_status_end > new Date());
      const earned = orderPoints(
        found.lines.map((l) => ({
          price: l.price,
          purchase: l.buying_price,
          quantity: l.quantity,
          brandId: l.brand_id === null ? null : Number(l.brand_id),
        })),
        rules.map((r) => ({
          markupFrom: r.markup_from,
          markupTo: r.markup_to,
          markupPctFrom: r.markup_pct_from,
          markupPctTo: r.markup_pct_to,
          pointsPct: r.points_pct,
        })),
        new Map(coefficients.map((k) => [Number(k.brand_id), k.multiplier])),
        statusOn && member.multiplier !== null ? member.multiplier : '100',
      );
      if (earned.lte(0)) return;
      const burnAt = new Date(Date.now() + program.burn_days * 86400_000);
      const credited = await post(trx, partnerId, event.payload.clientId, {
        operation: 'CREDIT',
        points: earned,
        title: `Начисление за заказ ${found.order.order_number}`,
        orderId: event.payload.orderId,
        burnAt,
        key: `credit:${event.payload.orderId}`,
      });
      if (credited.posted) await burnLater(trx, partnerId, event.payload.clientId, burnAt);
    },

    /**
     * action=bonus_return: the points a canceled order was paid with go back to the client, once (the ledger row's key
     * settles parallel calls); refused for a live order.
     */
    async returnOrderPoints(user: { id: number; partnerId: number }, orderId: number) {
      return db.transaction().execute(async (trx) => {
        const trxRepo = loyaltyRepo(trx);
        const found = await trxRepo.orderForPoints(trx, user.partnerId, orderId);
        if (!found) return failed({ order: LOYALTY_MSG.orderNotFound });
        // Canceled is the last status: an order read canceled here stays canceled; a live one is refused.
        if (!pointsReturnableIn(found.order.status)) return failed({ bonus_return: LOYALTY_MSG.returnOnlyCanceled });
        const member = await trxRepo.member(user.partnerId, found.order.client_id);
        if (!member) return failed({ loyalty_client_not_found: LOYALTY_MSG.clientNotFound });
        const moves = await trxRepo.orderMovements(trx, user.partnerId, orderId);
        const paid = moves.filter((m) => m.operation === 'DEBIT').reduce((s, m) => s.plus(new Decimal(m.points).neg()), new Decimal(0));
        const returned = moves.filter((m) => m.operation === 'RETURN').reduce((s, m) => s.plus(m.points), new Decimal(0));
        if (paid.lte(0)) return failed({ bonus_return: LOYALTY_MSG.nothingToReturn });
        if (returned.gte(paid)) return failed({ bonus_return: LOYALTY_MSG.alreadyReturned });
        const back = paid.minus(returned);
        const program = await trxRepo.program(user.partnerId);
        const burnAt = program ? new Date(Date.now() + program.burn_days * 86400_000) : null;
        const result = await post(trx, user.partnerId, found.order.client_id, {
          operation: 'RETURN',
          points: back,
          title: `Возврат баллов по заказу ${found.order.order_number}`,
          orderId,
          burnAt,
          key: `return:${orderId}`,
          createdBy: user.id,
        });
        if (!result.posted) return failed({ bonus_return: LOYALTY_MSG.alreadyReturned });
        await burnLater(trx, user.partnerId, found.order.client_id, burnAt);
        await deps.setReturnedBonus(trx, user.partnerId, orderId, paid.toFixed(4));
        return ok({ RETURNED_BONUS: points(paid) }, LOYALTY_MSG.returned(points(back)));
      });
    },
  };
}

export type LoyaltyPointsService = ReturnType<typeof loyaltyPointsService>;

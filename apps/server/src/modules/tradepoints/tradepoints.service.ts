import { MSG } from '@b2b/contracts/messages';
import { SHOP_MSG } from '@b2b/contracts/shop';
import type { TradepointBody } from '@b2b/contracts/tradepoint-wire';
import type { Db } from '@/db/database';
import { notFound } from '@/http/app-error';
import { failed, list, ok } from '@/http/envelope';
import type { ShopService } from '../shop/shop.service';
import { parseTradepoint } from './tradepoint-input';
import { tradepointView } from './tradepoint-view';
import { tradepointsRepo } from './tradepoints.repo';

const isForeignKeyViolation = (err: unknown) => (err as { code?: string }).code === '23503';

/** Tradepoints: one base per partner, which is also the shop's MAIN_TRADEPOINT. */
export function tradepointsService(db: Db, deps: { shops: ShopService }) {
  const repo = tradepointsRepo(db);

  async function existing(partnerId: number, id: number) {
    const row = await repo.find(partnerId, id);
    if (!row) throw notFound(MSG.notFound);
    return row;
  }

  return {
    /** Counts in the caller's transaction or connection (the shop save counts under its row lock). */
    count: (partnerId: number, trx: Db) => tradepointsRepo(trx).count(partnerId),

    async list(partnerId: number) {
      const rows = await repo.list(partnerId);
      return list(rows.map(tradepointView), { CNT: rows.length, CNT_ALL: rows.length });
    },

    async get(partnerId: number, id: number) {
      return { ITEM: tradepointView(await existing(partnerId, id)) };
    },

    /** Creates (no id) or edits (an id of this partner, else 404). */
    async save(partnerId: number, id: number | null, body: TradepointBody) {
      const current = id === null ? undefined : await existing(partnerId, id);
      const { values, errors } = parseTradepoint(body);
      if (Object.keys(errors).length) return failed(errors);
      const savedId = await db.transaction().execute(async (trx) => {
        const r = tradepointsRepo(trx);
        // The shop's row first, as every save that counts tradepoints takes it (no lock-order deadlock).
        await deps.shops.lockShop(partnerId, trx);
        if (values.is_base) await r.lockAll(partnerId);
        const tid = current ? current.id : (await r.insert(partnerId, { ...values, is_base: false })).id;
        if (values.is_base) await r.clearBase(partnerId, tid);
        await r.update(partnerId, tid, values);
        if (values.is_base) await deps.shops.setMainTradepoint(partnerId, tid, trx);
        else if (current?.is_base) await deps.shops.setMainTradepoint(partnerId, null, trx);
        return tid;
      });
      return ok({ ID: savedId }, SHOP_MSG.tradepointSaved);
    },

    /** Deletes a tradepoint, unless orders name it or it is the last one of a shop with self-delivery only. */
    async remove(partnerId: number, id: number) {
      const current = await existing(partnerId, id);
      try {
        const refused = await db.transaction().execute(async (trx) => {
          const shop = await deps.shops.lockShop(partnerId, trx);
          if (shop?.selfdelivery_only && (await tradepointsRepo(trx).count(partnerId)) <= 1) return true;
          if (current.is_base) await deps.shops.setMainTradepoint(partnerId, null, trx);
          await tradepointsRepo(trx).delete(partnerId, id);
          return false;
        });
        if (refused) return failed({ id: SHOP_MSG.lastTradepointSelfDelivery });
      } catch (err) {
        if (isForeignKeyViolation(err)) return failed({ id: SHOP_MSG.tradepointInUse });
        throw err;
      }
      return ok(undefined, SHOP_MSG.tradepointDeleted);
    },
  };
}

export type TradepointsService = ReturnType<typeof tradepointsService>;

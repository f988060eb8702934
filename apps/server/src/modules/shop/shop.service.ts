import { shopTimeZone, type ShopTimeZone } from '@b2b/contracts/time-zones';
import { stripUrlParts } from '@b2b/contracts/shop-domain';
import type { Db } from '@/db/database';
import { shopRepo } from './shop.repo';

/** Strips a scheme, a path and a port: "https://Shop.example.ru/catalog" → "shop.example.ru". */
export const normaliseDomain = stripUrlParts;

export function shopService(db: Db) {
  const repo = shopRepo(db);
  return {
    async resolveByDomain(domain: string) {
      const clean = normaliseDomain(domain);
      return clean ? repo.findByDomain(clean) : undefined;
    },
    /** The base tradepoint is the shop's main one (MAIN_TRADEPOINT); the tradepoints module keeps it in step. */
    /** Locks the shop's row in the caller's transaction (see shopRepo.lockForUpdate); its self-delivery flag. */
    lockShop: (partnerId: number, trx: Db) => shopRepo(trx).lockForUpdate(partnerId),
    async setMainTradepoint(partnerId: number, tradepointId: number | null, trx: Db): Promise<void> {
      await shopRepo(trx).update(partnerId, { main_tradepoint_id: tradepointId });
    },
    /** Where the shop's notices to its partner go: its notification e-mails, else the shop's own addresses. */
    async notifyAddresses(partnerId: number): Promise<string[]> {
      const shop = await repo.findByPartner(partnerId);
      if (!shop) return [];
      return shop.notify_emails.length ? shop.notify_emails : shop.shop_emails;
    },
    async hasShopLink(partnerId: number): Promise<{ hasShopLink: boolean; shopLink: string | null }> {
      const shop = await repo.findByPartner(partnerId);
      return { hasShopLink: Boolean(shop?.shop_link), shopLink: shop?.shop_link ?? null };
    },

    /** The zone the partner's dates are shown in (issue 38 §8): the shop's, Moscow without a shop. */
    async timeZone(partnerId: number): Promise<ShopTimeZone> {
      return shopTimeZone((await repo.findByPartner(partnerId))?.time_zone);
    },
  };
}

export type ShopService = ReturnType<typeof shopService>;

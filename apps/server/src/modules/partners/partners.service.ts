import type { ManagerInfoResponse, PartnerInfoResponse } from '@b2b/contracts/auth';
import Decimal from 'decimal.js';
import type { ManagerPartner } from '@b2b/contracts/routes/manager';
import type { Db } from '@/db/database';
import { toSeconds } from '@/http/envelope';
import { moscowIsoDay } from '@/http/moscow-days';
import type { ClientsService } from '../clients/clients.service';
import type { OrdersService } from '../orders/orders.service';
import type { ShopService } from '../shop/shop.service';
import { partnersRepo } from './partners.repo';

/** The manager's partner list counts the orders of this many days, today included. */
const RECENT_DAYS = 30;

export function partnersService(db: Db, deps: { clients: ClientsService; orders: OrdersService; shops: ShopService }) {
  const repo = partnersRepo(db);
  return {
    async name(partnerId: number): Promise<string | null> {
      return (await repo.findById(partnerId))?.name ?? null;
    },

    timeZone: (partnerId: number) => deps.shops.timeZone(partnerId),

    async info(partnerId: number): Promise<PartnerInfoResponse | undefined> {
      const partner = await repo.findById(partnerId);
      if (!partner) return undefined;
      const clients = await deps.clients.stats(partnerId);
      const orders = await deps.orders.stats(partnerId);
      const shop = await deps.shops.hasShopLink(partnerId);
      return {
        ID: partner.id,
        NAME: partner.name,
        CLIENT_COUNT: clients.count,
        ORDER_COUNT: orders.count,
        hasShopLink: shop.hasShopLink,
        SHOP_LINK: shop.shopLink,
        LOYALTY_ON: partner.loyalty_enabled,
        CLIENT_DATE: { MIN_DATE: toSeconds(clients.minDate) },
        ORDER_DATE: { MIN_DATE: toSeconds(orders.minDate) },
      };
    },

    /**
     * The manager's partner list (GET and POST /manager/partner/, issue 39 §2): the last 30 days are today and the 29
     * Moscow days before it, as the reports' periods are Moscow days.
     */
    async list(query?: string, now = new Date()): Promise<{ ITEMS: ManagerPartner[] }> {
      const since = moscowIsoDay(new Date(now.getTime() - (RECENT_DAYS - 1) * 86400_000));
      return {
        ITEMS: (await repo.list(since, query)).map((p) => ({
          ID: Number(p.id),
          NAME: p.name,
          SHOP_LINK: p.shop_link ?? null,
          DOMAIN: p.domain_name ?? null,
          HAS_SHOP: Boolean(p.shop_link || p.domain_name),
          CLIENTS_COUNT: Number(p.clients),
          ORDERS_COUNT: Number(p.orders),
          ORDERS_30_COUNT: Number(p.orders_recent),
          ORDERS_30_SUM: new Decimal(p.revenue_recent ?? 0).toFixed(2),
          LOYALTY_ON: Boolean(p.loyalty_enabled),
        })),
      };
    },

    async managerInfo(): Promise<ManagerInfoResponse> {
      const clients = await deps.clients.stats();
      const orders = await deps.orders.stats();
      return {
        PARTNER_COUNT: await repo.count(),
        CLIENT_COUNT: clients.count,
        ORDER_COUNT: orders.count,
        CLIENT_DATE: { MIN_DATE: toSeconds(clients.minDate) },
        ORDER_DATE: { MIN_DATE: toSeconds(orders.minDate) },
      };
    },
  };
}

export type PartnersService = ReturnType<typeof partnersService>;

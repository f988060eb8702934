import type { ManagerInfoResponse, PartnerInfoResponse } from '@b2b/contracts/auth';
import type { Db } from '@/db/database';
import { toSeconds } from '@/http/envelope';
import type { ClientsService } from '../clients/clients.service';
import type { OrdersService } from '../orders/orders.service';
import type { ShopService } from '../shop/shop.service';
import { partnersRepo } from './partners.repo';

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

    /** The manager's partner list (GET /manager/partner/). */
    async list(query?: string) {
      return {
        ITEMS: (await repo.list(query)).map((p) => ({ ID: Number(p.id), NAME: p.name, SHOP_LINK: p.shop_link ?? null, CLIENTS_COUNT: Number(p.clients), ORDERS_COUNT: Number(p.orders) })),
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

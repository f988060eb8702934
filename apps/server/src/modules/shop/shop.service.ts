import type { Db } from '@/db/database';
import { shopRepo } from './shop.repo';

/** Strips a scheme, a path and a port: "https://Shop.example.ru/catalog" → "shop.example.ru". */
export function normaliseDomain(input: string): string {
  return input
    .trim()
    .toLowerCase()
    .replace(/^[a-z]+:\/\//, '')
    .replace(/[/?#].*$/, '')
    .replace(/:\d+$/, '');
}

export function shopService(db: Db) {
  const repo = shopRepo(db);
  return {
    async resolveByDomain(domain: string) {
      const clean = normaliseDomain(domain);
      return clean ? repo.findByDomain(clean) : undefined;
    },
    async hasShopLink(partnerId: number): Promise<{ hasShopLink: boolean; shopLink: string | null }> {
      const shop = await repo.findByPartner(partnerId);
      return { hasShopLink: Boolean(shop?.shop_link), shopLink: shop?.shop_link ?? null };
    },
  };
}

export type ShopService = ReturnType<typeof shopService>;

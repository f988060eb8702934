import type { Fields } from '@/api/form-encoding';

/** The one query-key factory of the shop: every key starts with the shop's link, so a buyer's data stays per shop. */
export const shopKeys = {
  shop: (link: string) => ['shop', link] as const,
  info: (link: string) => [...shopKeys.shop(link), 'info'] as const,
  /** Everything that is the signed-in buyer's (dropped on sign-out). */
  buyer: (link: string) => [...shopKeys.shop(link), 'buyer'] as const,
  sections: (link: string) => [...shopKeys.buyer(link), 'sections'] as const,
  brands: (link: string) => [...shopKeys.buyer(link), 'brands'] as const,
  products: (link: string, query: Fields) => [...shopKeys.buyer(link), 'products', query] as const,
  product: (link: string, id: number) => [...shopKeys.buyer(link), 'product', id] as const,
  banners: (link: string) => [...shopKeys.buyer(link), 'banners'] as const,
  offers: (link: string) => [...shopKeys.buyer(link), 'offers'] as const,
  loyalty: (link: string) => [...shopKeys.buyer(link), 'loyalty'] as const,
  /** A page of the buyer's points history (under its loyalty: read again with the header's balance). */
  points: (link: string, page: number) => [...shopKeys.loyalty(link), 'points', page] as const,
  basket: (link: string) => [...shopKeys.buyer(link), 'basket'] as const,
  checkout: (link: string) => [...shopKeys.buyer(link), 'checkout'] as const,
  orders: (link: string) => [...shopKeys.buyer(link), 'orders'] as const,
  orderList: (link: string, page: number) => [...shopKeys.orders(link), 'list', page] as const,
  order: (link: string, id: number) => [...shopKeys.orders(link), 'card', id] as const,
};

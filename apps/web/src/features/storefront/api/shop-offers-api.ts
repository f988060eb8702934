import { useQuery } from '@tanstack/react-query';
import { LOYALTY_ROUTES } from '@b2b/contracts/routes/loyalty';
import { OFFER_ROUTES as R } from '@b2b/contracts/routes/offers';
import { shopKeys } from '@/features/storefront/api/shop-keys';
import { buyerCall } from '@/features/storefront/api/storefront-api';

/* What the buyer sees of the shop's running offers and of its loyalty programme (the client calls of routes/offers.ts, routes/loyalty.ts). */

/** Offers change rarely while a buyer shops; a switched-off offer's prices are refused at checkout anyway. */
const OFFERS_STALE_MS = 60_000;

export const useShopBanners = (link: string) =>
  useQuery({ queryKey: shopKeys.banners(link), queryFn: ({ signal }) => buyerCall(link, R.shopBanners, {}, { signal }), staleTime: OFFERS_STALE_MS });

export const useShopOffers = (link: string) =>
  useQuery({ queryKey: shopKeys.offers(link), queryFn: ({ signal }) => buyerCall(link, R.shopOffers, {}, { signal }), staleTime: OFFERS_STALE_MS });

/** The buyer's points, where the programme's visibility allows (SHOW). */
export const useBuyerLoyalty = (link: string) =>
  useQuery({
    queryKey: shopKeys.loyalty(link),
    queryFn: ({ signal }) => buyerCall(link, LOYALTY_ROUTES.buyer, {}, { signal }),
    staleTime: OFFERS_STALE_MS,
  });

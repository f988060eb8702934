import { useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { SHOP_ORIGIN, type TokenResponse } from '@b2b/contracts/auth';
import type { storefrontShop } from '@b2b/contracts/shop-wire';
import { httpRequest } from '@/api/http-request';
import { oauthClient } from '@/api/oauth';
import { shopKeys } from '@/features/storefront/api/shop-keys';

/*
 * The shop's calls an unauthenticated visitor makes: the shop itself and the account flows. They carry no token
 * and use the contracts' types only, so that the first page of the shop does not download zod.
 */

export type StorefrontShop = z.infer<typeof storefrontShop>;

interface ShopAnswer {
  SUCCESS: 'Y';
  SHOP: StorefrontShop;
}

/** GET /v3/api/client/shop/?domain_name=: the shop of a link; an unknown link answers SUCCESS "N" (a failure). */
export const fetchShop = (link: string) =>
  httpRequest<ShopAnswer>({ method: 'GET', path: '/v3/api/client/shop/', query: { domain_name: link } }).then((a) => a.SHOP);

export const useShopInfo = (link: string) =>
  useQuery({ queryKey: shopKeys.info(link), queryFn: () => fetchShop(link), staleTime: 5 * 60_000, retry: false });

interface AccountAnswer {
  SUCCESS: 'Y';
  MESSAGE?: string;
}

const ACCOUNT_PATH = '/v3/api/auth/register/';
const accountFlow = (body: Record<string, string | undefined>) => httpRequest<AccountAnswer>({ method: 'POST', path: ACCOUNT_PATH, body });

export interface BuyerRegistration {
  company: string;
  inn?: string;
  name: string;
  phone?: string;
  email: string;
  password?: string;
  confirm_password?: string;
}

const quiet = { meta: { toastError: false } } as const;

/** Registration in this shop (type=register, domain = the link); the forms show their own failures. */
export const useRegisterBuyer = (link: string) =>
  useMutation({
    mutationFn: (values: BuyerRegistration) => accountFlow({ type: 'register', domain: link, origin: SHOP_ORIGIN, ...values }),
    ...quiet,
  });

/** A recovery link by e-mail (type=validation_reset); the answer is the same whether the address exists or not. */
export const useRecoverBuyer = (link: string) =>
  useMutation({ mutationFn: (email: string) => accountFlow({ type: 'validation_reset', domain: link, origin: SHOP_ORIGIN, email }), ...quiet });

/** The e-mail and check word of an e-mailed link of this shop (/shop/{link}/account?…). */
export interface BuyerLink {
  email: string;
  user_checkword: string;
}

/** The recovery step (type=reset_password) with the link's e-mail and check word; the link works once. */
export const useResetBuyerPassword = (link: string) =>
  useMutation({
    mutationFn: (v: BuyerLink & { password: string; confirm_password: string }) => accountFlow({ type: 'reset_password', domain: link, ...v }),
    ...quiet,
  });

export interface BuyerConfirmAnswer {
  SUCCESS: 'Y';
  MESSAGE?: string;
  TOKEN: TokenResponse;
  isUserWithoutPassword: boolean;
}

/**
 * A registration confirmed from the e-mailed link (PUT /v1/login/confirm/, domain = the shop's link). Asked without
 * the web session's cookie header, so the refresh token comes back in the answer for the buyer's own session.
 */
export const confirmBuyer = (link: string, params: BuyerLink) =>
  httpRequest<BuyerConfirmAnswer>({ method: 'PUT', path: '/v1/login/confirm/', body: { ...params, domain: link, ...oauthClient } });

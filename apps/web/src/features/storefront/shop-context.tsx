import { createContext, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { CheckResponse, TokenResponse } from '@b2b/contracts/auth';
import { isApiError } from '@/api/api-error';
import { checkBuyer, hasBuyerSession, keepBuyerTokens, onBuyerSessionEnded, signInBuyer, signOutBuyer } from '@/features/storefront/api/buyer-client';
import { buyerStorageKey } from '@/features/storefront/api/buyer-tokens';
import { shopKeys } from '@/features/storefront/api/shop-keys';
import type { StorefrontShop } from '@/features/storefront/api/shop-public-api';
import { SHOP_UI } from '@/features/storefront/shop-text';
import type { ShopColors } from '@/features/storefront/shop-theme';

export interface ShopState {
  /** The link of the path (/shop/{link}/…), as the API is asked with it. */
  link: string;
  shop: StorefrontShop;
  colors: ShopColors;
  /** An address inside the shop: `to('basket')` → /shop/{link}/basket. */
  to: (path?: string) => string;
}

export const ShopContext = createContext<ShopState | null>(null);

export function useShop(): ShopState {
  const state = useContext(ShopContext);
  if (!state) throw new Error('useShop outside the shop');
  return state;
}

export type BuyerUser = NonNullable<CheckResponse['USER']>;

export interface BuyerSession {
  status: 'checking' | 'guest' | 'buyer';
  user: BuyerUser | null;
  /** A signed-in buyer who has no password yet (isUserWithoutPassword): it sets one before the catalogue. */
  withoutPassword: boolean;
  signIn: (email: string, password: string) => Promise<void>;
  /** Takes the tokens another proof gave (the registration confirmation link) as this shop's buyer session. */
  adopt: (token: TokenResponse) => Promise<void>;
  /** Reads the session again (after the buyer set its password). */
  recheck: () => Promise<void>;
  signOut: () => Promise<void>;
}

const BuyerContext = createContext<BuyerSession | null>(null);

export function useBuyer(): BuyerSession {
  const session = useContext(BuyerContext);
  if (!session) throw new Error('useBuyer outside the shop');
  return session;
}

/** The buyer a check names: only a client user of a shop may use it. */
function buyerOf(check: CheckResponse): BuyerUser {
  if (check.USER_TYPE !== 'CLIENT' || !check.USER) throw new Error(SHOP_UI.signIn.notBuyer);
  return check.USER;
}

/**
 * The buyer's session in this shop (its own tokens, buyer-tokens.ts): checked on entry when there is one, ended when
 * its token is refused, and followed across the browser's tabs.
 */
export function BuyerSessionProvider({ link, children }: { link: string; children: React.ReactNode }) {
  const queryClient = useQueryClient();
  const [user, setUser] = useState<BuyerUser | null>(null);
  const [withoutPassword, setWithoutPassword] = useState(false);
  const [checking, setChecking] = useState(() => hasBuyerSession(link));
  // Each attempt checks the stored session once.
  const [attempt, setAttempt] = useState(0);

  const forget = useCallback(() => {
    queryClient.removeQueries({ queryKey: shopKeys.buyer(link) });
    setUser(null);
    setChecking(false);
  }, [queryClient, link]);

  useEffect(() => {
    if (!hasBuyerSession(link)) return;
    let current = true;
    checkBuyer(link)
      .then((check) => ({ found: buyerOf(check), noPassword: check.isUserWithoutPassword }))
      .then(
        ({ found, noPassword }) => {
          if (!current) return;
          setUser(found);
          setWithoutPassword(noPassword);
          setChecking(false);
        },
        (error: unknown) => {
          if (!current) return;
          // A token of someone who is not a buyer is no session of the shop.
          if (!isApiError(error) || error.status === 401) void signOutBuyer(link);
          forget();
        },
      );
    return () => {
      current = false;
    };
  }, [link, attempt, forget]);

  useEffect(() => onBuyerSessionEnded((ended) => ended === link && forget()), [link, forget]);

  useEffect(() => {
    const key = buyerStorageKey(link);
    const follow = (event: StorageEvent) => {
      if (event.key !== key) return;
      if (event.newValue === null) forget();
      else if (event.oldValue === null) {
        setChecking(true);
        setAttempt((n) => n + 1);
      }
    };
    window.addEventListener('storage', follow);
    return () => window.removeEventListener('storage', follow);
  }, [link, forget]);

  const session = useMemo<BuyerSession>(() => {
    /** Checks the session just stored and takes its buyer; a token of someone else is signed out. */
    const enter = async () => {
      try {
        const check = await checkBuyer(link);
        const found = buyerOf(check);
        queryClient.removeQueries({ queryKey: shopKeys.buyer(link) });
        setWithoutPassword(check.isUserWithoutPassword);
        setUser(found);
      } catch (error) {
        await signOutBuyer(link);
        throw error;
      }
    };
    return {
      status: checking ? 'checking' : user ? 'buyer' : 'guest',
      user,
      withoutPassword: Boolean(user) && withoutPassword,
      async signIn(email, password) {
        await signInBuyer(link, email, password);
        await enter();
      },
      async adopt(token) {
        keepBuyerTokens(link, token);
        await enter();
      },
      async recheck() {
        const check = await checkBuyer(link);
        setWithoutPassword(check.isUserWithoutPassword);
        setUser(buyerOf(check));
      },
      async signOut() {
        await signOutBuyer(link);
        forget();
      },
    };
  }, [checking, user, withoutPassword, link, queryClient, forget]);

  return <BuyerContext.Provider value={session}>{children}</BuyerContext.Provider>;
}

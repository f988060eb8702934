import { lazy, Suspense, useEffect, useMemo, type ComponentType } from 'react';
import { Route, Routes, useParams } from 'react-router';
import { MSG } from '@b2b/contracts/messages';
import { isApiError } from '@/api/api-error';
import { errorText } from '@/api/error-text';
import { useShopInfo } from '@/features/storefront/api/shop-public-api';
import { ShopFrame } from '@/features/storefront/components/shop-frame';
import { ShopAlert, ShopWaiting } from '@/features/storefront/components/shop-plain';
import { SignInPage } from '@/features/storefront/pages/sign-in-page';
import { BuyerSessionProvider, ShopContext, useBuyer, type ShopState } from '@/features/storefront/shop-context';
import { SHOP_UI } from '@/features/storefront/shop-text';
import { setDisplayTimeZone } from '@/shared/formatters/format-date';
import { shopColors } from '@/features/storefront/shop-theme';
import '@/features/storefront/shop.css';

/**
 * A page of the shop past its first one: its code and antd (in the shop's colours) load on its first visit, a
 * spinner stands in meanwhile. The first page (the frame and the sign-in) is drawn without antd.
 */
function withAntd(load: () => Promise<ComponentType>): ComponentType {
  const Page = lazy(async () => {
    const [Loaded, { ShopAntd }] = await Promise.all([load(), import('@/features/storefront/components/shop-antd')]);
    return {
      default: () => (
        <ShopAntd>
          <Loaded />
        </ShopAntd>
      ),
    };
  });
  return function ShopPage() {
    return (
      <Suspense fallback={<ShopWaiting testId="shop-loading" />}>
        <Page />
      </Suspense>
    );
  };
}

// The signed-in buyer's pages (catalogue, basket, checkout, orders) load after the sign-in, with what they need.
const BuyerShop = withAntd(() => import('@/features/storefront/buyer-shop').then((m) => m.BuyerShop));
const AccountPage = withAntd(() => import('@/features/storefront/pages/account-pages').then((m) => m.AccountPage));
const SetPasswordPage = withAntd(() => import('@/features/storefront/pages/account-pages').then((m) => m.SetPasswordPage));
const RegisterPage = withAntd(() => import('@/features/storefront/pages/guest-pages').then((m) => m.RegisterPage));
const RecoveryPage = withAntd(() => import('@/features/storefront/pages/guest-pages').then((m) => m.RecoveryPage));

/**
 * A visitor's shop: only sign-in, registration and recovery (back-office.md §1); the e-mailed links' account page
 * for anyone; a buyer without a password sets one before anything else.
 */
function ShopGate() {
  const { status, withoutPassword } = useBuyer();
  if (status === 'checking') {
    return (
      <ShopFrame>
        <ShopWaiting testId="shop-loading" />
      </ShopFrame>
    );
  }
  const buyer = status === 'buyer' && !withoutPassword;
  return (
    <Routes>
      <Route
        path="account"
        element={
          <ShopFrame>
            <AccountPage />
          </ShopFrame>
        }
      />
      <Route path="*" element={buyer ? <BuyerShop /> : <ShopFrame>{status === 'buyer' ? <SetPasswordPage /> : <GuestRoutes />}</ShopFrame>} />
    </Routes>
  );
}

function GuestRoutes() {
  return (
    <Routes>
      <Route path="register" element={<RegisterPage />} />
      <Route path="recovery" element={<RecoveryPage />} />
      <Route path="*" element={<SignInPage />} />
    </Routes>
  );
}

function ShopMessage({ text, onRetry }: { text: string; onRetry?: () => void }) {
  return (
    <div className="shop-message">
      <ShopAlert type={onRetry ? 'error' : 'warning'} testId={onRetry ? 'shop-load-failed' : 'shop-unknown'}>
        {text}
        {onRetry && (
          <button type="button" className="shop-button shop-button-plain" style={{ marginLeft: 16 }} onClick={onRetry}>
            {SHOP_UI.retry}
          </button>
        )}
      </ShopAlert>
    </div>
  );
}

/**
 * /shop/{link}/*: the partner's shop for its buyers, a lazily loaded part of the app of its own (it imports nothing
 * of the back office). The link resolves the shop (GET /v3/api/client/shop/?domain_name=); an unknown one shows the
 * spec's message. The shop's colours theme every page.
 */
export function ShopRoot() {
  const link = (useParams().shopLink ?? '').trim().toLowerCase();
  const info = useShopInfo(link);
  const shop = info.data;

  useEffect(() => {
    if (shop) document.title = shop.NAME;
  }, [shop]);
  // Before the first page draws: the buyer's order dates in the shop's zone, as its staff and mails have them.
  if (shop) setDisplayTimeZone(shop.TIME_ZONE);

  const state = useMemo<ShopState | null>(() => {
    if (!shop) return null;
    const base = `/shop/${encodeURIComponent(link)}`;
    return { link, shop, colors: shopColors(shop.COLOR_SCHEME, shop.COLOR_LOGO), to: (path = '') => (path ? `${base}/${path}` : base) };
  }, [link, shop]);

  if (info.isPending) return <ShopWaiting testId="shop-loading" />;
  if (!state) {
    const unknown = isApiError(info.error) && (info.error.kind === 'failure' || info.error.status === 404);
    return unknown ? <ShopMessage text={MSG.shopLinkUnknown} /> : <ShopMessage text={errorText(info.error)} onRetry={() => void info.refetch()} />;
  }
  return (
    <ShopContext.Provider value={state}>
      <BuyerSessionProvider link={link}>
        <ShopGate />
      </BuyerSessionProvider>
    </ShopContext.Provider>
  );
}

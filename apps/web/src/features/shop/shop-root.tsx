import { useEffect, useMemo } from 'react';
import { Alert, Button, ConfigProvider, Flex, Spin } from 'antd';
import { Route, Routes, useParams } from 'react-router';
import { MSG } from '@b2b/contracts/messages';
import { isApiError } from '@/api/api-error';
import { errorText } from '@/api/error-text';
import { useShopInfo } from '@/features/shop/api/shop-public-api';
import { ShopFrame } from '@/features/shop/components/shop-frame';
import { AccountPage, SetPasswordPage } from '@/features/shop/pages/account-pages';
import { RecoveryPage, RegisterPage, SignInPage } from '@/features/shop/pages/guest-pages';
import { BuyerSessionProvider, ShopContext, useBuyer, type ShopState } from '@/features/shop/shop-context';
import { SHOP_UI } from '@/features/shop/shop-text';
import { shopColors } from '@/features/shop/shop-theme';
import { lazyPage } from '@/shared/ui/lazy-page';

// The signed-in buyer's pages (catalogue, basket, checkout, orders) load after the sign-in, with what they need.
const BuyerShop = lazyPage(() => import('@/features/shop/buyer-shop').then((m) => m.BuyerShop));

const Loading = () => (
  <Flex justify="center" align="center" style={{ minHeight: '50vh' }}>
    <Spin size="large" data-testid="shop-loading" />
  </Flex>
);

/**
 * A visitor's shop: only sign-in, registration and recovery (back-office.md §1); the e-mailed links' account page
 * for anyone; a buyer without a password sets one before anything else.
 */
function ShopGate() {
  const { status, withoutPassword } = useBuyer();
  if (status === 'checking') {
    return (
      <ShopFrame>
        <Loading />
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
    <Flex justify="center" style={{ padding: '15vh 16px', minHeight: '100vh', background: '#f5f6f8' }}>
      <Alert
        type={onRetry ? 'error' : 'warning'}
        showIcon
        title={text}
        action={onRetry && <Button onClick={onRetry}>{SHOP_UI.retry}</Button>}
        style={{ maxWidth: 560 }}
        data-testid={onRetry ? 'shop-load-failed' : 'shop-unknown'}
      />
    </Flex>
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

  const state = useMemo<ShopState | null>(() => {
    if (!shop) return null;
    const base = `/shop/${encodeURIComponent(link)}`;
    return { link, shop, colors: shopColors(shop.COLOR_SCHEME, shop.COLOR_LOGO), to: (path = '') => (path ? `${base}/${path}` : base) };
  }, [link, shop]);

  if (info.isPending) return <Loading />;
  if (!state) {
    const unknown = isApiError(info.error) && (info.error.kind === 'failure' || info.error.status === 404);
    return unknown ? <ShopMessage text={MSG.shopLinkUnknown} /> : <ShopMessage text={errorText(info.error)} onRetry={() => void info.refetch()} />;
  }
  return (
    <ConfigProvider theme={{ token: { colorPrimary: state.colors.primary, colorLink: state.colors.primary } }}>
      <ShopContext.Provider value={state}>
        <BuyerSessionProvider link={link}>
          <ShopGate />
        </BuyerSessionProvider>
      </ShopContext.Provider>
    </ConfigProvider>
  );
}

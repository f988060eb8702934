import { Navigate, Route, Routes } from 'react-router';
import { Alert } from 'antd';
import { BuyerNav } from '@/features/storefront/components/buyer-nav';
import { ShopFrame } from '@/features/storefront/components/shop-frame';
import { AboutPage } from '@/features/storefront/pages/about-page';
import { BasketPage } from '@/features/storefront/pages/basket-page';
import { CatalogPage } from '@/features/storefront/pages/catalog-page';
import { CheckoutPage } from '@/features/storefront/pages/checkout-page';
import { OrderPage, OrderPlacedPage, OrdersPage } from '@/features/storefront/pages/order-pages';
import { OffersPage } from '@/features/storefront/offers/offers-page';
import { PointsPage } from '@/features/storefront/pages/points-page';
import { ProductPage } from '@/features/storefront/pages/product-page';
import { ReviewPage } from '@/features/storefront/pages/review-page';
import { useShop } from '@/features/storefront/shop-context';
import { MSG } from '@b2b/contracts/messages';

/**
 * The signed-in buyer's shop (loaded after the sign-in): catalogue, product card, basket, checkout, the placed
 * order, my orders, about the company.
 */
export function BuyerShop() {
  const { to } = useShop();
  return (
    <ShopFrame nav={<BuyerNav />}>
      <Routes>
        <Route index element={<CatalogPage />} />
        <Route path="product/:id" element={<ProductPage />} />
        <Route path="basket" element={<BasketPage />} />
        <Route path="checkout" element={<CheckoutPage />} />
        <Route path="placed/:id" element={<OrderPlacedPage />} />
        <Route path="orders" element={<OrdersPage />} />
        <Route path="orders/:id" element={<OrderPage />} />
        <Route path="offers" element={<OffersPage />} />
        <Route path="points" element={<PointsPage />} />
        <Route path="about" element={<AboutPage />} />
        <Route path="review" element={<ReviewPage />} />
        {['login', 'register', 'recovery'].map((path) => (
          <Route key={path} path={path} element={<Navigate to={to()} replace />} />
        ))}
        <Route path="*" element={<Alert type="warning" showIcon title={MSG.notFound} data-testid="shop-not-found" />} />
      </Routes>
    </ShopFrame>
  );
}

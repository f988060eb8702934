import { Navigate, Route, Routes } from 'react-router';
import { Alert } from 'antd';
import { BuyerNav } from '@/features/shop/components/buyer-nav';
import { ShopFrame } from '@/features/shop/components/shop-frame';
import { AboutPage } from '@/features/shop/pages/about-page';
import { BasketPage } from '@/features/shop/pages/basket-page';
import { CatalogPage } from '@/features/shop/pages/catalog-page';
import { CheckoutPage } from '@/features/shop/pages/checkout-page';
import { OrderPage, OrderPlacedPage, OrdersPage } from '@/features/shop/pages/order-pages';
import { OffersPage } from '@/features/shop/offers/offers-page';
import { PointsPage } from '@/features/shop/pages/points-page';
import { ProductPage } from '@/features/shop/pages/product-page';
import { ReviewPage } from '@/features/shop/pages/review-page';
import { useShop } from '@/features/shop/shop-context';
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

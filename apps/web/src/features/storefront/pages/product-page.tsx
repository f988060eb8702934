import { Alert, Breadcrumb } from 'antd';
import { Link, useParams } from 'react-router';
import { LoadedProduct } from '@/features/storefront/components/product-details';
import { useShop } from '@/features/storefront/shop-context';
import { SHOP_UI } from '@/features/storefront/shop-text';

/** /shop/{link}/product/{id}: the product card with its pictures and properties. */
export function ProductPage() {
  const { to } = useShop();
  const raw = useParams().id ?? '';
  const id = /^\d{1,9}$/.test(raw) ? Number(raw) : 0;
  return (
    <div style={{ background: '#fff', borderRadius: 8, padding: 24 }} data-testid="product-page">
      <Breadcrumb style={{ marginBottom: 16 }} items={[{ title: <Link to={to()}>{SHOP_UI.catalog.title}</Link> }]} />
      {id > 0 ? <LoadedProduct key={id} id={id} /> : <Alert type="warning" showIcon title={SHOP_UI.catalog.notFound} />}
    </div>
  );
}

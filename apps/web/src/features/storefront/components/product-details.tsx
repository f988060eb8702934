import { useState } from 'react';
import { Alert, Descriptions, Flex, Skeleton, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import type { ProductCard } from '@b2b/contracts/storefront';
import { errorText } from '@/api/error-text';
import { useProduct } from '@/features/storefront/api/storefront-api';
import { AddToBasket, ProductPicture } from '@/features/storefront/components/product-parts';
import { packOf } from '@/features/storefront/quantity';
import { PromoPrice } from '@/features/storefront/offers/offer-parts';
import { useShop } from '@/features/storefront/shop-context';
import { SHOP_UI } from '@/features/storefront/shop-text';
import { formatCount } from '@/shared/formatters/format-number';

const C = SHOP_UI.catalog;

/** The pictures of a product: the one chosen large, the others as thumbnails to choose from. */
function Pictures({ product, size }: { product: ProductCard; size: number }) {
  const all = [...new Set([product.DETAIL_PICTURE_PATH, ...product.PICTURES].filter((p): p is string => !!p))];
  const [chosen, setChosen] = useState(0);
  const shown = all[chosen] ?? product.PREVIEW_PICTURE_PATH;
  return (
    <Flex vertical gap={8} data-testid="product-pictures">
      <ProductPicture src={shown} alt={product.NAME} size={size} />
      {all.length > 1 && (
        <Flex gap={6} wrap>
          {all.map((src, i) => (
            <button
              key={src}
              type="button"
              onClick={() => setChosen(i)}
              style={{ padding: 0, border: i === chosen ? '2px solid currentColor' : '2px solid transparent', background: 'none', cursor: 'pointer' }}
            >
              <ProductPicture src={src} alt={product.NAME} size={48} />
            </button>
          ))}
        </Flex>
      )}
    </Flex>
  );
}

/** The quick view's and the card's content: pictures, price, properties (UP_TM, UP_COUNTRY, UP_RULER), the basket. */
export function ProductDetails({ product, withCardLink = false }: { product: ProductCard; withCardLink?: boolean }) {
  const { shop, to } = useShop();
  const props = product.PROPERTIES;
  const rows = [
    { key: 'code', label: C.code, value: product.UP_CODE_1C },
    { key: 'tm', label: props.UP_TM?.TITLE ?? C.tm, value: props.UP_TM?.VALUE ?? product.UP_TM },
    { key: 'line', label: props.UP_RULER?.TITLE ?? C.line, value: props.UP_RULER?.VALUE },
    { key: 'country', label: props.UP_COUNTRY?.TITLE ?? C.country, value: props.UP_COUNTRY?.VALUE ?? product.UP_COUNTRY },
    { key: 'manufacture', label: C.manufacture, value: product.UP_MANUFACTURE },
    { key: 'pack', label: C.pack, value: C.pieces(packOf(product.MULTIPLICITY)) },
    ...(product.STOCK !== null ? [{ key: 'stock', label: C.stock, value: `${formatCount(product.STOCK)} ${product.UNIT}` }] : []),
  ].filter((row) => row.value);
  return (
    <Flex gap={24} wrap data-testid="product-details" data-code={product.UP_CODE_1C}>
      <Pictures product={product} size={280} />
      <Flex vertical gap={12} style={{ flex: '1 1 320px', minWidth: 0 }}>
        <Typography.Title level={4} style={{ margin: 0 }} data-testid="product-name">
          {product.NAME}
        </Typography.Title>
        <Flex align="baseline" gap={12} wrap>
          <PromoPrice
            price={product.PRICE}
            oldPrice={product.OLD_PRICE}
            offer={product.OFFER}
            currency={product.CURRENCY || shop.CURRENCY}
            size={22}
          />
          <Typography.Text type="secondary">/ {product.UNIT}</Typography.Text>
          {product.IN_BASKET > 0 && (
            <Tag color="green" data-testid="product-in-basket">
              {C.inBasket}: {product.IN_BASKET}
            </Tag>
          )}
        </Flex>
        <AddToBasket productId={product.ID} multiplicity={product.MULTIPLICITY} />
        <Descriptions
          title={C.properties}
          size="small"
          column={1}
          bordered
          items={rows.map((row) => ({ key: row.key, label: row.label, children: row.value }))}
        />
        {withCardLink && (
          <Link to={to(`product/${product.ID}`)} data-testid="product-card-link">
            {C.openCard}
          </Link>
        )}
      </Flex>
    </Flex>
  );
}

/** A product loaded by its id: the details, a skeleton meanwhile, the failure's text. */
export function LoadedProduct({ id, withCardLink }: { id: number; withCardLink?: boolean }) {
  const { link } = useShop();
  const product = useProduct(link, id);
  if (product.isPending) return <Skeleton active avatar={{ shape: 'square', size: 200 }} paragraph={{ rows: 6 }} />;
  if (product.isError) return <Alert type="error" showIcon title={errorText(product.error)} data-testid="product-error" />;
  return <ProductDetails product={product.data} withCardLink={withCardLink} />;
}

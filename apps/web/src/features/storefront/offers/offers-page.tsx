import { Alert, Card, Empty, Flex, Skeleton, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { errorText } from '@/api/error-text';
import { useShopOffers } from '@/features/storefront/api/shop-offers-api';
import { formatPrice } from '@/features/storefront/money';
import { useShop } from '@/features/storefront/shop-context';
import { SHOP_UI } from '@/features/storefront/shop-text';
import { formatDate } from '@/shared/formatters/format-date';
import { formatCount } from '@/shared/formatters/format-number';

const T = SHOP_UI.offers;

/** /shop/{link}/offers: the shop's running offers with their banner, description, end date, gifts and promo goods. */
export function OffersPage() {
  const { link, to } = useShop();
  const offers = useShopOffers(link);
  if (offers.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (offers.isError) return <Alert type="error" showIcon title={errorText(offers.error)} />;
  const items = offers.data.ITEMS;
  return (
    <Flex vertical gap={12}>
      <Typography.Title level={3} style={{ margin: 0 }} data-testid="page-title">
        {T.title}
      </Typography.Title>
      {items.length === 0 ? (
        <Empty description={<span data-testid="offers-empty">{T.empty}</span>} style={{ background: '#fff', borderRadius: 8, padding: 48 }}>
          <Link to={to()}>{T.toCatalog}</Link>
        </Empty>
      ) : (
        <Flex gap={16} wrap>
          {items.map((o) => (
            <Card
              key={o.ID}
              style={{ flex: '1 1 320px', maxWidth: 560 }}
              cover={o.BANNER ? <img src={o.BANNER} alt={o.NAME} style={{ height: 160, objectFit: 'cover' }} /> : undefined}
              data-testid="shop-offer"
              data-offer={o.ID}
            >
              <Flex vertical gap={8}>
                <Typography.Title level={5} style={{ margin: 0 }}>
                  {o.NAME}
                </Typography.Title>
                <Typography.Text type="secondary">{o.DATE_END ? `${T.until} ${formatDate(o.DATE_END - 1)}` : T.termless}</Typography.Text>
                {o.DESCRIPTION && <Typography.Paragraph style={{ margin: 0 }}>{o.DESCRIPTION}</Typography.Paragraph>}
                {o.PRESENTS.length > 0 && (
                  <Flex vertical gap={4}>
                    <Typography.Text strong>{T.gifts}</Typography.Text>
                    {o.PRESENTS.map((p) => (
                      <span key={`${p.NAME}-${p.sum}`}>
                        {p.NAME} — {T.giftFrom} {formatPrice(p.sum, 'RUB')}
                      </span>
                    ))}
                  </Flex>
                )}
                {o.PRODUCTS_CNT > 0 && (
                  <span>
                    {T.products}: <Tag color="red">{formatCount(o.PRODUCTS_CNT)}</Tag>
                  </span>
                )}
              </Flex>
            </Card>
          ))}
        </Flex>
      )}
    </Flex>
  );
}

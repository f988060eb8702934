import { Alert, Carousel, Flex, Tag, Typography } from 'antd';
import { GiftOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import type { BannerPlacement, BasketGifts } from '@b2b/contracts/offers';
import { STOREFRONT_MSG } from '@b2b/contracts/storefront';
import { useShopBanners } from '@/features/storefront/api/shop-offers-api';
import { formatPrice } from '@/features/storefront/money';
import { useShop } from '@/features/storefront/shop-context';
import { SHOP_UI } from '@/features/storefront/shop-text';

/** A price, and when a running offer's promo price is the price: the old price struck through and «Акция». */
export function PromoPrice({
  price,
  oldPrice,
  offer,
  currency,
  size,
  testId = 'product-price',
}: {
  price: string;
  oldPrice: string | null;
  offer: { NAME: string } | null;
  currency: string;
  size?: number;
  testId?: string;
}) {
  return (
    <Flex vertical align="flex-end" gap={2}>
      <strong style={{ whiteSpace: 'nowrap', fontSize: size, color: offer ? '#cf1322' : undefined }} data-testid={testId}>
        {formatPrice(price, currency)}
      </strong>
      {offer && oldPrice && (
        <Flex gap={6} align="center">
          <Typography.Text delete type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }} data-testid={`${testId}-old`}>
            {formatPrice(oldPrice, currency)}
          </Typography.Text>
          <Tag color="red" style={{ marginInlineEnd: 0 }} title={offer.NAME} data-testid="promo-badge">
            {SHOP_UI.offers.badge}
          </Tag>
        </Flex>
      )}
    </Flex>
  );
}

/**
 * The running offers' banners of one placement: the main page's large banners turn as a carousel, its small ones
 * stand in a row, the catalogue's banner stands above the products. Each leads to the Акции page.
 */
export function OfferBanners({ placement }: { placement: BannerPlacement }) {
  const { link, to } = useShop();
  const banners = (useShopBanners(link).data?.ITEMS ?? []).filter((b) => b.PLACEMENT === placement);
  if (!banners.length) return null;
  const image = (b: (typeof banners)[number], height: number) => (
    <Link key={`${b.OFFER_ID}-${b.PLACEMENT}`} to={to('offers')} title={b.NAME} data-testid={`banner-${placement}`} data-offer={b.OFFER_ID}>
      <img src={b.URL} alt={b.NAME} style={{ width: '100%', height, objectFit: 'cover', borderRadius: 8, display: 'block' }} />
    </Link>
  );
  if (placement === 'banner_slider') {
    return (
      <div data-testid="banner-slider">
        <Carousel autoplay={banners.length > 1} dots={banners.length > 1}>
          {banners.map((b) => image(b, 220))}
        </Carousel>
      </div>
    );
  }
  return (
    <Flex gap={12} wrap>
      {banners.map((b) => (
        <div key={b.OFFER_ID} style={{ flex: placement === 'banner_main' ? '1 1 240px' : '1 1 100%' }}>
          {image(b, placement === 'banner_main' ? 120 : 100)}
        </div>
      ))}
    </Flex>
  );
}

/**
 * The basket's gifts: every gift its sum reaches now (one per running offer, the gift lines the order gets) and how
 * much more brings the next one, in the basket's currency. The basket and the checkout both show it.
 */
export function BasketGiftNote({ gifts }: { gifts: BasketGifts & { CURRENCY: string } }) {
  if (!gifts.GIFTS.length && !gifts.GIFT_NEXT) return null;
  return (
    <Flex vertical gap={8} data-testid="basket-gift">
      {gifts.GIFTS.map((g) => (
        <Alert
          key={g.OFFER_ID}
          type="success"
          showIcon
          icon={<GiftOutlined />}
          title={STOREFRONT_MSG.giftReached(g.PRODUCT)}
          data-testid="basket-gift-reached"
          data-offer={g.OFFER_ID}
        />
      ))}
      {gifts.GIFT_NEXT && (
        <Alert
          type="info"
          showIcon
          icon={<GiftOutlined />}
          title={STOREFRONT_MSG.giftLeft(formatPrice(gifts.GIFT_NEXT.LEFT, gifts.CURRENCY), gifts.GIFT_NEXT.PRODUCT)}
          data-testid="basket-gift-next"
        />
      )}
    </Flex>
  );
}

import { Badge, Button, Flex } from 'antd';
import { GiftOutlined, LogoutOutlined, ShoppingCartOutlined, UserOutlined } from '@ant-design/icons';
import { countRu, PLURAL } from '@b2b/contracts/plural-ru';
import { Link, NavLink } from 'react-router';
import { useBuyerLoyalty } from '@/features/storefront/api/shop-offers-api';
import { useBasket } from '@/features/storefront/api/storefront-api';
import { formatPrice } from '@/features/storefront/money';
import { useBuyer, useShop } from '@/features/storefront/shop-context';
import { SHOP_UI } from '@/features/storefront/shop-text';
import { UI } from '@/shared/ui-text';

/** The header's basket: how many products and for how much (CNT, SUM), a link to the basket page. */
function BasketCounter() {
  const { link, shop, to, colors } = useShop();
  const basket = useBasket(link).data;
  return (
    <Link
      to={to('basket')}
      style={{ color: colors.headerText, display: 'flex', alignItems: 'center', gap: 8, padding: '8px 0' }}
      data-testid="basket-counter"
      data-count={basket?.CNT ?? 0}
    >
      <Badge count={basket?.CNT ?? 0} size="small" showZero={false} overflowCount={999}>
        <ShoppingCartOutlined style={{ fontSize: 22, color: colors.headerText }} />
      </Badge>
      <span>
        {SHOP_UI.nav.basket}
        {basket && basket.CNT > 0 && (
          <strong style={{ marginLeft: 6 }} data-testid="basket-counter-sum">
            {formatPrice(basket.SUM, shop.CURRENCY)}
          </strong>
        )}
      </span>
    </Link>
  );
}

/**
 * The buyer's points in the shop's programme, where its visibility allows (a member's balance, status and card); they
 * open the buyer's points history (issue 39 §4).
 */
function LoyaltyPoints() {
  const { link, colors, to } = useShop();
  const loyalty = useBuyerLoyalty(link).data;
  if (loyalty?.SHOW !== 'Y' || loyalty.IS_AVAIL !== 'Y') return null;
  const points = Number(loyalty.BALANCE ?? 0);
  return (
    <Link
      to={to('points')}
      style={{ color: colors.headerText, fontSize: 13 }}
      title={[loyalty.TITLE, loyalty.STATUS, loyalty.CARD_CODE && `${SHOP_UI.loyalty.card} ${loyalty.CARD_CODE}`, SHOP_UI.loyalty.open]
        .filter(Boolean)
        .join(' · ')}
      aria-label={`${countRu(points, PLURAL.point)}. ${SHOP_UI.loyalty.open}`}
      data-testid="shop-loyalty"
      data-balance={loyalty.BALANCE}
    >
      <GiftOutlined style={{ marginRight: 6 }} />
      {countRu(points, PLURAL.point)}
    </Link>
  );
}

/** The signed-in buyer's navigation under the header: catalogue, orders, about; the basket; who is signed in. */
export function BuyerNav() {
  const { to, colors } = useShop();
  const { user, signOut } = useBuyer();
  const item = (path: string, label: string, testId: string, end = false) => (
    <NavLink
      to={to(path)}
      end={end}
      data-testid={testId}
      style={({ isActive }) => ({
        color: colors.headerText,
        padding: '10px 0',
        borderBottom: `2px solid ${isActive ? colors.headerText : 'transparent'}`,
        fontWeight: isActive ? 600 : 400,
      })}
    >
      {label}
    </NavLink>
  );
  return (
    <Flex wrap align="center" justify="space-between" gap={16}>
      <Flex gap={24} align="center">
        {item('', SHOP_UI.nav.catalog, 'nav-shop-catalog', true)}
        {item('offers', SHOP_UI.nav.offers, 'nav-shop-offers')}
        {item('orders', SHOP_UI.nav.orders, 'nav-shop-orders')}
        {item('about', SHOP_UI.nav.about, 'nav-shop-about')}
        {item('review', SHOP_UI.nav.review, 'nav-shop-review')}
      </Flex>
      <Flex gap={20} align="center">
        <LoyaltyPoints />
        <BasketCounter />
        <span style={{ color: colors.headerText, fontSize: 13 }} title={SHOP_UI.header.signedInAs} data-testid="shop-user">
          <UserOutlined style={{ marginRight: 6 }} />
          {user?.NAME || user?.EMAIL}
        </span>
        <Button
          size="small"
          type="text"
          icon={<LogoutOutlined />}
          style={{ color: colors.headerText }}
          onClick={() => void signOut()}
          data-testid="shop-logout"
        >
          {UI.signOut}
        </Button>
      </Flex>
    </Flex>
  );
}

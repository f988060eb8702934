import { useState } from 'react';
import { Alert, Button, Divider, Empty, Flex, Skeleton, Table, Tooltip, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import { STOREFRONT_MSG, type BasketAnswer, type BasketLine } from '@b2b/contracts/storefront';
import { errorText } from '@/api/error-text';
import { downloadOffer, useBasket, useSaveBasket } from '@/features/storefront/api/storefront-api';
import { moneyColumn } from '@/features/storefront/components/money-column';
import { ProductPicture, QuantityInput } from '@/features/storefront/components/product-parts';
import { addMoney, amountLeft, formatPrice, isZero } from '@/features/storefront/money';
import { quantityError } from '@/features/storefront/quantity';
import { BasketGiftNote, PromoPrice } from '@/features/storefront/offers/offer-parts';
import { ZoneChoiceInput } from '@/features/storefront/components/zone-choice';
import { deliveryQuery, setZoneChoice, useZoneChoice } from '@/features/storefront/delivery-choice';
import { useShop } from '@/features/storefront/shop-context';
import { SHOP_UI } from '@/features/storefront/shop-text';
import { notifyError } from '@/shared/ui/notify';

const B = SHOP_UI.basket;

/** A line's quantity: − and + save at once, a typed one on Enter or when the field is left. */
function LineQuantity({ line }: { line: BasketLine }) {
  const { link } = useShop();
  const save = useSaveBasket(link, deliveryQuery(useZoneChoice(link)));
  const [value, setValue] = useState<number | null>(line.QUANTITY);
  const [shown, setShown] = useState(line.QUANTITY);
  // The server's quantity replaces the typed one whenever it changes (another tab, a repeat order).
  if (shown !== line.QUANTITY) {
    setShown(line.QUANTITY);
    setValue(line.QUANTITY);
  }
  const commit = (quantity: number | null) => {
    if (quantity === line.QUANTITY) return;
    const error = quantityError(quantity, line.MULTIPLICITY, true);
    if (error || quantity === null) {
      notifyError(error ?? B.empty);
      return;
    }
    save.mutate({ product_id: line.PRODUCT_ID, quantity });
  };
  return (
    <div onBlur={() => commit(value)}>
      <QuantityInput
        value={value}
        multiplicity={line.MULTIPLICITY}
        onChange={setValue}
        onCommit={commit}
        commitOnStep
        floor={0}
        testId="basket-qty"
      />
    </div>
  );
}

function RemoveLine({ line }: { line: BasketLine }) {
  const { link } = useShop();
  const save = useSaveBasket(link, deliveryQuery(useZoneChoice(link)));
  return (
    <Tooltip title={B.remove}>
      <Button
        type="text"
        danger
        icon={<DeleteOutlined />}
        loading={save.isPending}
        onClick={() => save.mutate({ product_id: line.PRODUCT_ID, quantity: 0 })}
        aria-label={B.remove}
        data-testid="basket-remove"
      />
    </Tooltip>
  );
}

/** What the delivery row says: the zone's price, free, «по согласованию», «выберите зону» or the pickup. */
function deliveryText(basket: BasketAnswer, pickup: boolean, money: (v: string) => string) {
  if (pickup) return B.pickup;
  if (basket.DELIVERY_BY_AGREEMENT === 'Y') return STOREFRONT_MSG.deliveryByAgreement;
  if (basket.DELIVERY_ZONES.length && !basket.DELIVERY_ZONE) return B.chooseZone;
  return isZero(basket.DELIVERY_PRICE) ? B.deliveryFree : money(basket.DELIVERY_PRICE);
}

/**
 * The totals: goods, delivery (of the zone chosen; free from its sum), the minimum order, and «Оформить заказ». Every
 * amount is in the basket's currency (its list's), as the server sends it.
 */
export function BasketTotals({ basket, action, pickup = false }: { basket: BasketAnswer; action?: React.ReactNode; pickup?: boolean }) {
  const money = (v: string) => formatPrice(v, basket.CURRENCY);
  const delivery = pickup ? '0.00' : basket.DELIVERY_PRICE;
  const freeLeft = pickup ? null : amountLeft(basket.SUM, basket.FREE_DELIVERY_FROM);
  const row = (label: string, value: React.ReactNode, testId: string) => (
    <Flex justify="space-between" gap={16}>
      <Typography.Text type="secondary">{label}</Typography.Text>
      <span data-testid={testId}>{value}</span>
    </Flex>
  );
  return (
    <Flex vertical gap={8} style={{ background: '#fff', borderRadius: 8, padding: 20 }} data-testid="basket-totals">
      {row(B.positions, basket.CNT, 'basket-cnt')}
      {row(B.goods, money(basket.SUM), 'basket-sum')}
      {row(
        pickup || !basket.DELIVERY_ZONE ? B.delivery : `${B.delivery} (${basket.DELIVERY_ZONE.NAME})`,
        deliveryText(basket, pickup, money),
        'basket-delivery',
      )}
      {!pickup && basket.FREE_DELIVERY_FROM && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="basket-free-delivery">
          {freeLeft ? B.freeLeft(money(freeLeft)) : B.freeFrom(money(basket.FREE_DELIVERY_FROM))}
        </Typography.Text>
      )}
      <Divider style={{ margin: '8px 0' }} />
      <Flex justify="space-between">
        <Typography.Text strong>{B.total}</Typography.Text>
        <Typography.Text strong style={{ fontSize: 18 }} data-testid="basket-total">
          {money(addMoney(basket.SUM, delivery))}
        </Typography.Text>
      </Flex>
      {basket.CAN_ORDER === 'N' && basket.MESSAGE && <Alert type="warning" showIcon title={basket.MESSAGE} data-testid="basket-message" />}
      {action}
    </Flex>
  );
}

/** /shop/{link}/basket: the lines with their quantities (change, remove), the totals and the way to checkout. */
export function BasketPage() {
  const { link, to } = useShop();
  const navigate = useNavigate();
  const zone = useZoneChoice(link);
  const basket = useBasket(link, deliveryQuery(zone));
  const [offerLoading, setOfferLoading] = useState(false);

  if (basket.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (basket.isError) return <Alert type="error" showIcon title={errorText(basket.error)} />;
  const data = basket.data;

  const columns: TableColumnsType<BasketLine> = [
    { key: 'picture', width: 64, render: (_, l) => <ProductPicture src={l.PREVIEW_PICTURE_PATH} alt={l.NAME} size={48} /> },
    {
      title: B.product,
      key: 'NAME',
      render: (_, l) => (
        <Flex vertical>
          <Link to={to(`product/${l.PRODUCT_ID}`)}>{l.NAME}</Link>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {SHOP_UI.catalog.code}: {l.UP_CODE_1C}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: SHOP_UI.catalog.price,
      key: 'PRICE',
      align: 'right',
      render: (_, l) => <PromoPrice price={l.PRICE} oldPrice={l.OLD_PRICE} offer={l.OFFER} currency={data.CURRENCY} testId="basket-line-price" />,
    },
    { title: SHOP_UI.catalog.quantity, key: 'QUANTITY', width: 200, render: (_, l) => <LineQuantity line={l} /> },
    moneyColumn(B.sum, 'SUM', (l) => l.SUM, data.CURRENCY, { strong: true, testId: 'basket-line-sum' }),
    { key: 'remove', width: 48, render: (_, l) => <RemoveLine line={l} /> },
  ];

  const checkout = (
    <Tooltip title={data.CAN_ORDER === 'N' ? data.MESSAGE : undefined}>
      <Button
        type="primary"
        size="large"
        block
        disabled={data.CAN_ORDER === 'N' || data.ITEMS.length === 0}
        onClick={() => void navigate(to('checkout'))}
        data-testid="basket-checkout"
      >
        {B.checkout}
      </Button>
    </Tooltip>
  );
  const offer = (
    <Button
      block
      loading={offerLoading}
      disabled={data.ITEMS.length === 0}
      onClick={() => {
        setOfferLoading(true);
        downloadOffer(link, deliveryQuery(zone))
          .catch((error: unknown) => notifyError(errorText(error)))
          .finally(() => setOfferLoading(false));
      }}
      data-testid="basket-offer"
    >
      {B.offer}
    </Button>
  );

  return (
    <Flex vertical gap={12}>
      <Typography.Title level={3} style={{ margin: 0 }} data-testid="page-title">
        {B.title}
      </Typography.Title>
      {data.ITEMS.length === 0 ? (
        <Empty description={<span data-testid="basket-empty">{B.empty}</span>} style={{ background: '#fff', borderRadius: 8, padding: 48 }}>
          <Link to={to()}>{B.toCatalog}</Link>
        </Empty>
      ) : (
        <Flex gap={16} align="flex-start" wrap>
          <div style={{ flex: '1 1 640px', minWidth: 0, background: '#fff', borderRadius: 8 }}>
            <Table<BasketLine>
              rowKey="PRODUCT_ID"
              size="middle"
              columns={columns}
              dataSource={data.ITEMS}
              pagination={false}
              scroll={{ x: 720 }}
              onRow={(l) => ({ 'data-testid': 'basket-line', 'data-code': l.UP_CODE_1C }) as React.HTMLAttributes<HTMLElement>}
            />
          </div>
          <div style={{ flex: '0 0 320px', maxWidth: '100%' }}>
            <Flex vertical gap={12}>
              {data.DELIVERY_ZONES.length > 0 && (
                <Flex vertical gap={4} style={{ background: '#fff', borderRadius: 8, padding: 16 }}>
                  <Typography.Text type="secondary">{B.zone}</Typography.Text>
                  <ZoneChoiceInput basket={data} value={zone} onChange={(choice) => setZoneChoice(link, choice)} kind="select" />
                </Flex>
              )}
              <BasketGiftNote gifts={data} />
              <BasketTotals
                basket={data}
                action={
                  <Flex vertical gap={8}>
                    {checkout}
                    {offer}
                  </Flex>
                }
              />
            </Flex>
          </div>
        </Flex>
      )}
    </Flex>
  );
}

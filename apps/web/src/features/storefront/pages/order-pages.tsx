import { Alert, Button, Descriptions, Flex, Skeleton, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { CheckCircleFilled, RedoOutlined } from '@ant-design/icons';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { PAYMENT_TYPE_LABEL, type PaymentType } from '@b2b/contracts/payment-types';
import { STOREFRONT_MSG, type buyerOrder, type buyerOrderCard } from '@b2b/contracts/storefront';
import type { z } from 'zod';
import { errorText } from '@/api/error-text';
import { ORDERS_PAGE_SIZE, useBuyerOrder, useBuyerOrders, useRepeatOrder } from '@/features/storefront/api/storefront-api';
import { moneyColumn } from '@/features/storefront/components/money-column';
import { formatPrice } from '@/features/storefront/money';
import { useShop } from '@/features/storefront/shop-context';
import { SHOP_UI } from '@/features/storefront/shop-text';
import { formatDate, formatDateTime } from '@/shared/formatters/format-date';
import { notifySuccess } from '@/shared/ui/notify';

const O = SHOP_UI.orders;

type BuyerOrder = z.infer<typeof buyerOrder>;
type BuyerOrderCard = z.infer<typeof buyerOrderCard>;
type OrderLine = BuyerOrderCard['ITEMS'][number];

/** The colours of the order statuses (back-office.md §4) as the buyer sees them. */
const STATUS_COLOR: Record<string, string> = { NEW: 'blue', VIEWED: 'cyan', IN_BASKET: 'gold', COMPLETED: 'green', CANCELED: 'default' };

const StatusTag = ({ status }: { status: BuyerOrder['STATUS'] }) => (
  <Tag color={STATUS_COLOR[status.ID] ?? 'default'} data-testid="order-status" data-status={status.ID}>
    {status.NAME}
  </Tag>
);

const paymentName = (code: string) => PAYMENT_TYPE_LABEL[code as PaymentType] ?? code;

const orderId = (raw: string | undefined) => (raw && /^\d{1,9}$/.test(raw) ? Number(raw) : 0);

/** /shop/{link}/orders: the buyer's orders, newest first, with their statuses as the partner changes them. */
export function OrdersPage() {
  const { link, to } = useShop();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const orders = useBuyerOrders(link, page);

  const columns: TableColumnsType<BuyerOrder> = [
    {
      title: O.number,
      key: 'ORDER_NUMBER',
      render: (_, o) => (
        <Link to={to(`orders/${o.ID}`)} data-testid="order-link">
          {o.ORDER_NUMBER}
        </Link>
      ),
    },
    { title: O.date, key: 'CREATE_DATE', render: (_, o) => formatDate(o.CREATE_DATE) },
    { title: O.status, key: 'STATUS', render: (_, o) => <StatusTag status={o.STATUS} /> },
    { title: O.positions, dataIndex: 'POSITION_COUNT', align: 'right' },
    // Each order in its own currency (the one its prices were shown in), not the shop's today.
    {
      title: O.sum,
      key: 'POSITION_SUM',
      align: 'right',
      render: (_, o) => (
        <strong style={{ whiteSpace: 'nowrap' }} data-testid="order-sum" data-currency={o.CURRENCY}>
          {formatPrice(o.POSITION_SUM, o.CURRENCY)}
        </strong>
      ),
    },
    { title: O.payment, key: 'PAYMENT_TYPE', responsive: ['md'], render: (_, o) => paymentName(o.PAYMENT_TYPE) },
  ];

  return (
    <Flex vertical gap={12}>
      <Typography.Title level={3} style={{ margin: 0 }} data-testid="page-title">
        {O.title}
      </Typography.Title>
      {orders.isError && <Alert type="error" showIcon title={errorText(orders.error)} />}
      <div style={{ background: '#fff', borderRadius: 8 }} data-testid="buyer-orders" data-loading={orders.isFetching ? 'true' : 'false'}>
        <Table<BuyerOrder>
          rowKey="ID"
          size="middle"
          columns={columns}
          dataSource={orders.data?.ITEMS ?? []}
          loading={orders.isPending}
          scroll={{ x: 'max-content' }}
          onRow={(o) => ({ 'data-testid': 'buyer-order-row', 'data-number': o.ORDER_NUMBER }) as React.HTMLAttributes<HTMLElement>}
          locale={{ emptyText: <span data-testid="buyer-orders-empty">{O.empty}</span> }}
          pagination={{
            current: page,
            pageSize: ORDERS_PAGE_SIZE,
            total: orders.data?.NAV.CNT ?? 0,
            hideOnSinglePage: true,
            onChange: (next) => setParams(next > 1 ? { page: String(next) } : {}),
          }}
        />
      </div>
    </Flex>
  );
}

function OrderLines({ order }: { order: BuyerOrderCard }) {
  const { to } = useShop();
  const columns: TableColumnsType<OrderLine> = [
    { title: SHOP_UI.catalog.code, dataIndex: 'UP_CODE_1C', width: 90 },
    {
      title: SHOP_UI.catalog.name,
      key: 'NAME',
      render: (_, l) => (
        <>
          <Link to={to(`product/${l.PRODUCT_ID}`)}>{l.NAME}</Link>
          {l.GIFT === 'Y' && (
            <Tag color="green" style={{ marginInlineStart: 8 }}>
              {O.gift}
            </Tag>
          )}
        </>
      ),
    },
    moneyColumn(SHOP_UI.catalog.price, 'PRICE', (l) => l.PRICE, order.CURRENCY),
    { title: SHOP_UI.catalog.quantity, dataIndex: 'QUANTITY', align: 'right' },
    moneyColumn(O.sum, 'SUM', (l) => l.SUM, order.CURRENCY, { strong: true }),
  ];
  return (
    <Table<OrderLine>
      rowKey={(l) => `${l.PRODUCT_ID}-${l.GIFT}`}
      size="small"
      columns={columns}
      dataSource={order.ITEMS}
      pagination={false}
      scroll={{ x: 'max-content' }}
      onRow={(l) => ({ 'data-testid': l.GIFT === 'Y' ? 'buyer-order-gift' : 'buyer-order-line' }) as React.HTMLAttributes<HTMLElement>}
    />
  );
}

function OrderSummary({ order }: { order: BuyerOrderCard }) {
  return (
    <Descriptions
      size="small"
      column={{ xs: 1, md: 2 }}
      bordered
      items={[
        { key: 'date', label: O.date, children: formatDateTime(order.CREATE_DATE) },
        { key: 'status', label: O.status, children: <StatusTag status={order.STATUS} /> },
        { key: 'sum', label: O.sum, children: <strong data-testid="buyer-order-sum">{formatPrice(order.POSITION_SUM, order.CURRENCY)}</strong> },
        { key: 'delivery', label: O.delivery, children: formatPrice(order.DELIVERY_PRICE, order.CURRENCY) },
        { key: 'payment', label: O.payment, children: paymentName(order.PAYMENT_TYPE) },
        { key: 'address', label: O.address, children: order.ADDRESS ?? '—' },
        ...(order.COMMENT ? [{ key: 'comment', label: O.comment, children: <span style={{ whiteSpace: 'pre-line' }}>{order.COMMENT}</span> }] : []),
      ]}
    />
  );
}

function useOrderParam() {
  const { link } = useShop();
  const id = orderId(useParams().id);
  return { id, order: useBuyerOrder(link, id) };
}

/** /shop/{link}/orders/{id}: one order with its lines, and «Повторить заказ» (its products into the basket again). */
export function OrderPage() {
  const { link, to } = useShop();
  const navigate = useNavigate();
  const { id, order } = useOrderParam();
  const repeat = useRepeatOrder(link);

  if (!id) return <Alert type="warning" showIcon title={SHOP_UI.catalog.notFound} />;
  if (order.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (order.isError) return <Alert type="error" showIcon title={errorText(order.error)} data-testid="buyer-order-error" />;
  const data = order.data;
  return (
    <Flex vertical gap={16} style={{ background: '#fff', borderRadius: 8, padding: 24 }} data-testid="buyer-order">
      <Link to={to('orders')}>← {O.back}</Link>
      <Flex justify="space-between" align="center" wrap gap={12}>
        <Typography.Title level={3} style={{ margin: 0 }} data-testid="page-title">
          {O.order(data.ORDER_NUMBER)}
        </Typography.Title>
        <Button
          icon={<RedoOutlined />}
          loading={repeat.isPending}
          onClick={() =>
            repeat.mutate(id, {
              onSuccess: (answer) => {
                notifySuccess(answer.MESSAGE ?? STOREFRONT_MSG.basketRepeated);
                void navigate(to('basket'));
              },
            })
          }
          data-testid="buyer-order-repeat"
        >
          {O.repeat}
        </Button>
      </Flex>
      <OrderSummary order={data} />
      <OrderLines order={data} />
    </Flex>
  );
}

/** /shop/{link}/placed/{id}: the order is placed; its number, and where to go next. */
export function OrderPlacedPage() {
  const { to } = useShop();
  const { order } = useOrderParam();
  const number = order.data?.ORDER_NUMBER;
  return (
    <div style={{ background: '#fff', borderRadius: 8, padding: 24 }} data-testid="order-placed">
      <Flex vertical align="center" gap={12} style={{ padding: '24px 0 32px', textAlign: 'center' }}>
        <CheckCircleFilled style={{ fontSize: 64, color: '#52c41a' }} />
        <Typography.Title level={3} style={{ margin: 0 }}>
          {number ? (
            <span data-testid="order-placed-number" data-number={number}>
              {STOREFRONT_MSG.orderPlaced(number)}
            </span>
          ) : (
            <Skeleton.Input active />
          )}
        </Typography.Title>
        <Typography.Text type="secondary">{SHOP_UI.placed.hint}</Typography.Text>
        <Flex gap={12} wrap justify="center">
          <Link to={to('orders')}>
            <Button type="primary">{SHOP_UI.placed.toOrders}</Button>
          </Link>
          <Link to={to()}>
            <Button>{SHOP_UI.placed.toCatalog}</Button>
          </Link>
        </Flex>
      </Flex>
      {order.data && <OrderSummary order={order.data} />}
    </div>
  );
}

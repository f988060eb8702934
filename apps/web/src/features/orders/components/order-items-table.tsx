import { Table, Tag, Tooltip, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import type { OrderCard, OrderItem } from '@b2b/contracts/orders';
import { ProductThumb } from '@/features/orders/components/product-thumb';
import { formatAmount } from '@/features/orders/order-format';
import { ORDER_UI } from '@/features/orders/order-text';
import { formatCount } from '@/shared/formatters/format-number';
import { wideTable } from '@/shared/ui/wide-table';

const T = ORDER_UI.items;

/** The order's items (back-office.md §3 Order item), with the order's total under them. */
export function OrderItemsTable({ order }: { order: OrderCard }) {
  const offerOf = new Map(order.OFFERS.map((o) => [o.PRODUCT_ID, o.OFFER.NAME]));
  // The back office's figures are roubles (PRICE, BUYING_PRICE, MARGIN, SUM are stored so, issue 38.7); the sum in
  // the order's currency (what the buyer was shown) is beside it for another currency.
  const money = (value: string) => <span style={{ whiteSpace: 'nowrap' }}>{formatAmount(value, 'RUB')}</span>;
  const columns: TableColumnsType<OrderItem> = [
    { title: T.code, key: 'code', render: (_, item) => <span data-testid="item-code">{item.UP_CODE_1C}</span> },
    {
      title: T.picture,
      key: 'picture',
      render: (_, item) => <ProductThumb preview={item.PREVIEW_PICTURE_PATH} detail={item.DETAIL_PICTURE_PATH} alt={item.NAME} />,
    },
    {
      title: T.name,
      key: 'name',
      render: (_, item) => (
        <span data-testid="item-name" style={{ display: 'inline-block', minWidth: 200 }}>
          {item.NAME}
        </span>
      ),
    },
    { title: T.buyingPrice, key: 'buying', align: 'right', render: (_, item) => money(item.BUYING_PRICE) },
    { title: T.price, key: 'price', align: 'right', render: (_, item) => money(item.PRICE) },
    { title: T.quantity, key: 'quantity', align: 'right', render: (_, item) => formatCount(item.QUANTITY) },
    {
      // The shop's stock, the figure its buyers see (issue 38 §8): labelled so, since the distributor holds more elsewhere.
      title: <Tooltip title={T.remainHint}>{T.remain}</Tooltip>,
      key: 'remain',
      align: 'right',
      render: (_, item) => formatCount(item.REMAIN),
    },
    { title: T.margin, key: 'margin', align: 'right', render: (_, item) => money(item.MARGIN) },
    {
      title: T.toOrder,
      key: 'toOrder',
      align: 'right',
      render: (_, item) =>
        item.TO_ORDER > 0 ? <Typography.Text type="danger">{formatCount(item.TO_ORDER)}</Typography.Text> : formatCount(item.TO_ORDER),
    },
    {
      title: T.special,
      key: 'special',
      render: (_, item) =>
        item.SPECIAL === 'Y' ? (
          <Tag color="volcano" data-testid="item-special">
            {offerOf.get(item.PRODUCT_ID) || T.specialMark}
          </Tag>
        ) : null,
    },
    {
      title: T.sum,
      key: 'sum',
      align: 'right',
      render: (_, item) => (
        <span style={{ whiteSpace: 'nowrap' }} data-testid="item-sum">
          {formatAmount(item.SUM, 'RUB')}
          {item.CURRENCY !== 'RUB' && <Typography.Text type="secondary"> ({formatAmount(item.CUR_SUM, item.CURRENCY)})</Typography.Text>}
        </span>
      ),
    },
  ];
  return (
    <div data-testid="order-items">
      <Table<OrderItem>
        rowKey="ID"
        size="small"
        {...wideTable(columns)}
        dataSource={order.PRODUCTS}
        pagination={false}
        summary={() => (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0} colSpan={columns.length - 1} align="right">
              <Typography.Text strong>{ORDER_UI.fields.productsSum}</Typography.Text>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={1} align="right">
              <Typography.Text strong style={{ whiteSpace: 'nowrap' }} data-testid="order-products-sum">
                {formatAmount(order.PRODUCTS_SUM, 'RUB')}
              </Typography.Text>
            </Table.Summary.Cell>
          </Table.Summary.Row>
        )}
      />
    </div>
  );
}

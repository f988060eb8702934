import { useRef, useState } from 'react';
import { Table, Typography } from 'antd';
import { useQueries } from '@tanstack/react-query';
import type { OrderCard } from '@b2b/contracts/orders';
import { useSendToBasket } from '@/features/orders/api/basket-api';
import { orderQuery } from '@/features/orders/api/order-card-api';
import { ActionModal } from '@/features/orders/components/action-modal';
import { formatAmount } from '@/features/orders/order-format';
import { firstErrorText } from '@/features/orders/order-errors';
import { ORDER_UI } from '@/features/orders/order-text';
import { productsOf, type ChosenProduct } from '@/features/orders/chosen-products';
import { createSingleFlight } from '@/features/orders/single-flight';
import { formatCount } from '@/shared/formatters/format-number';

const T = ORDER_UI.chosen;

/**
 * Sends the chosen accepted orders to the distribution-centre basket with the products the user keeps checked
 * (POST /partner/sendtorelef/ orders + products; every product is checked at first). All or nothing: the first
 * error stays in the modal; on success the caller shows the message and clears the choice.
 */
export function SendChosenModal({ orderIds, onClose, onSent }: { orderIds: number[]; onClose: () => void; onSent: (message: string) => void }) {
  const cards = useQueries({ queries: orderIds.map((id) => orderQuery(id)) });
  const loading = cards.some((c) => c.isPending);
  const loadFailed = cards.find((c) => c.isError)?.error;
  const loaded = cards.map((c) => c.data).filter((c): c is OrderCard => !!c);
  const products = loading ? [] : productsOf(loaded);
  const [unchecked, setUnchecked] = useState<Set<number>>(new Set());
  const chosen = products.filter((p) => !unchecked.has(p.PRODUCT_ID)).map((p) => p.PRODUCT_ID);
  const send = useSendToBasket();
  const run = useRef(createSingleFlight()).current;

  const submit = () =>
    run(async () => {
      try {
        // Every product checked: the orders go whole, as «В корзину РЦ» on the card sends them.
        const answer = await send.mutateAsync({ orders: orderIds, ...(chosen.length < products.length ? { products: chosen } : {}) });
        onSent(ORDER_UI.sendAllDone(answer.MESSAGE, answer.CNT, answer.SUM));
      } catch {
        // send.error is shown in the modal.
      }
    });

  return (
    <ActionModal
      title={T.title}
      testId="send-chosen-modal"
      width={860}
      submitLabel={T.submit}
      submitTestId="send-chosen-submit"
      submitDisabled={loading || !!loadFailed || chosen.length === 0}
      pending={send.isPending}
      error={send.error ? firstErrorText(send.error) : loadFailed ? T.loadFailed : null}
      errorTestId="send-chosen-error"
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <Typography.Paragraph>
        {T.orders}: {loaded.map((c) => c.ORDER_NUMBER).join(', ')}
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary">{T.intro(orderIds.length)}</Typography.Paragraph>
      <Table<ChosenProduct>
        rowKey="PRODUCT_ID"
        size="small"
        loading={loading}
        dataSource={products}
        pagination={false}
        scroll={{ y: 360 }}
        data-testid="send-chosen-products"
        onRow={(p) => ({ 'data-testid': 'send-chosen-product', 'data-product-id': p.PRODUCT_ID }) as React.HTMLAttributes<HTMLElement>}
        rowSelection={{
          selectedRowKeys: chosen,
          onChange: (keys) => setUnchecked(new Set(products.map((p) => p.PRODUCT_ID).filter((id) => !keys.includes(id)))),
        }}
        columns={[
          { key: 'code', title: ORDER_UI.items.code, render: (_, p) => p.UP_CODE_1C },
          { key: 'name', title: ORDER_UI.items.name, render: (_, p) => p.NAME },
          { key: 'qty', title: ORDER_UI.items.quantity, align: 'right', render: (_, p) => formatCount(p.QUANTITY) },
          { key: 'sum', title: T.purchaseSum, align: 'right', render: (_, p) => formatAmount(p.SUM, 'RUB') },
          { key: 'orders', title: T.orders, render: (_, p) => p.ORDERS.join(', ') },
        ]}
      />
      <Typography.Text type={chosen.length ? 'secondary' : 'danger'} data-testid="send-chosen-count">
        {chosen.length ? T.chosenProducts(chosen.length, products.length) : T.nothingChosen}
      </Typography.Text>
    </ActionModal>
  );
}

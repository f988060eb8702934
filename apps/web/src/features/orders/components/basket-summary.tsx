import { useRef, useState } from 'react';
import { Alert, Button, Card, Flex, Skeleton, Typography } from 'antd';
import { ShoppingCartOutlined } from '@ant-design/icons';
import { errorText } from '@/api/error-text';
import { useBasket, useSendToBasket } from '@/features/orders/api/basket-api';
import { firstErrorText } from '@/features/orders/order-errors';
import { ORDER_UI } from '@/features/orders/order-text';
import { createSingleFlight } from '@/features/orders/single-flight';

type Result = { type: 'success' | 'error'; text: string } | null;

/** «В корзине РЦ: N товаров на сумму X ₽» and, for editors, sending every accepted order to the basket. */
export function BasketSummary({ canSend }: { canSend: boolean }) {
  const basket = useBasket();
  const send = useSendToBasket();
  const [result, setResult] = useState<Result>(null);
  const run = useRef(createSingleFlight()).current;

  const sendAll = () =>
    run(async () => {
      setResult(null);
      try {
        const answer = await send.mutateAsync({ orders: 'all' });
        setResult({ type: 'success', text: ORDER_UI.sendAllDone(answer.MESSAGE, answer.CNT, answer.SUM) });
      } catch (error) {
        setResult({ type: 'error', text: firstErrorText(error) });
      }
    });

  return (
    <Card size="small" style={{ marginBottom: 16 }} data-testid="basket-summary">
      <Flex gap={16} align="center" wrap justify="space-between">
        <Flex gap={8} align="center">
          <ShoppingCartOutlined style={{ fontSize: 20 }} />
          {basket.isPending ? (
            <Skeleton.Input active size="small" />
          ) : basket.isError ? (
            <Typography.Text type="danger" data-testid="basket-error">
              {errorText(basket.error)}
            </Typography.Text>
          ) : (
            <Typography.Text strong data-testid="basket-text" data-cnt={basket.data.CNT} data-sum={basket.data.SUM}>
              {ORDER_UI.basketSummary(basket.data.CNT, basket.data.SUM)}
            </Typography.Text>
          )}
        </Flex>
        {canSend && (
          <Button type="primary" data-testid="basket-send-all" loading={send.isPending} onClick={() => void sendAll()}>
            {ORDER_UI.sendAll}
          </Button>
        )}
      </Flex>
      {result && (
        <Alert
          style={{ marginTop: 12 }}
          type={result.type}
          showIcon
          closable={{ onClose: () => setResult(null) }}
          title={result.text}
          data-testid="basket-send-result"
        />
      )}
    </Card>
  );
}

import { useRef, useState } from 'react';
import { Alert, App, Button, Flex } from 'antd';
import { CheckOutlined, DownloadOutlined, RollbackOutlined, ShoppingCartOutlined, StopOutlined } from '@ant-design/icons';
import { LOYALTY_MSG } from '@b2b/contracts/loyalty';
import { type OrderAction, type OrderCard, ORDER_MSG } from '@b2b/contracts/orders';
import { errorText } from '@/api/error-text';
import { useSendToBasket } from '@/features/orders/api/basket-api';
import { useChangeOrder, useExportOrder } from '@/features/orders/api/order-card-api';
import { OrderDecisionModal } from '@/features/orders/components/order-decision-modal';
import { type OrderTextKind, OrderTextModal } from '@/features/orders/components/order-text-modal';
import { firstErrorText } from '@/features/orders/order-errors';
import { ORDER_UI } from '@/features/orders/order-text';
import { createSingleFlight } from '@/features/orders/single-flight';

type OpenModal = 'reject' | 'complete' | OrderTextKind | null;
type BasketResult = { type: 'success' | 'error'; text: string } | null;

const A = ORDER_UI.actions;

/**
 * The order card's buttons by status and rights (back-office.md §4, §6), their modals and messages; `extra`: the
 * buttons another area adds (the manager's «Передать партнеру», given by the app's route).
 */
export function OrderActions({ order, actions, extra }: { order: OrderCard; actions: Set<OrderAction>; extra?: React.ReactNode }) {
  const { message, modal } = App.useApp();
  const accept = useChangeOrder(order.ID);
  const bonusReturn = useChangeOrder(order.ID);
  const send = useSendToBasket();
  const download = useExportOrder(order.ID, order.ORDER_NUMBER);
  const [open, setOpen] = useState<OpenModal>(null);
  const [basketResult, setBasketResult] = useState<BasketResult>(null);
  const run = useRef(createSingleFlight()).current;

  const failed = (error: unknown) =>
    modal.error({ title: ORDER_UI.actionFailed, content: <span data-testid="order-action-error">{errorText(error)}</span> });

  const onAccept = () =>
    run(async () => {
      try {
        const answer = await accept.mutateAsync({ action: 'accept' });
        void message.success(answer.MESSAGE || ORDER_MSG.accepted);
      } catch (error) {
        failed(error);
      }
    });

  // bonus_return: the answer's MESSAGE («Баллы возвращены: …»), or why not in the failure modal.
  const onBonusReturn = () =>
    run(async () => {
      try {
        const answer = await bonusReturn.mutateAsync({ action: 'bonus_return' });
        void message.success(answer.MESSAGE || LOYALTY_MSG.returned(answer.RETURNED_BONUS ?? ''));
      } catch (error) {
        failed(error);
      }
    });

  // The order is marked sending: the button stays disabled until the answer, and a second click is dropped.
  const onSend = () =>
    run(async () => {
      setBasketResult(null);
      try {
        const answer = await send.mutateAsync({ orders: [order.ID] });
        setBasketResult({ type: 'success', text: answer.MESSAGE });
      } catch (error) {
        setBasketResult({ type: 'error', text: firstErrorText(error) });
      }
    });

  const done = (text: string) => {
    setOpen(null);
    void message.success(text);
  };

  const canceled = (text: string) => {
    setOpen(null);
    modal.success({ title: ORDER_UI.reject.done, content: <span data-testid="order-cancel-confirmation">{text}</span> });
  };

  const busy = accept.isPending || send.isPending || bonusReturn.isPending;
  const basketMessage = basketResult ?? (order.BASKET_MESSAGE ? { type: 'info' as const, text: order.BASKET_MESSAGE } : null);

  return (
    <>
      <Flex gap={8} wrap data-testid="order-actions">
        {actions.has('accept') && (
          <Button
            type="primary"
            icon={<CheckOutlined />}
            loading={accept.isPending}
            disabled={busy}
            onClick={() => void onAccept()}
            data-testid="order-action-accept"
          >
            {A.accept}
          </Button>
        )}
        {actions.has('send_to_basket') && (
          <Button
            type="primary"
            icon={<ShoppingCartOutlined />}
            loading={send.isPending}
            disabled={busy}
            onClick={() => void onSend()}
            data-testid="order-action-basket"
          >
            {A.basket}
          </Button>
        )}
        {actions.has('complete') && (
          <Button disabled={busy} onClick={() => setOpen('complete')} data-testid="order-action-complete">
            {A.complete}
          </Button>
        )}
        {actions.has('cancel') && (
          <Button danger icon={<StopOutlined />} disabled={busy} onClick={() => setOpen('reject')} data-testid="order-action-reject">
            {A.reject}
          </Button>
        )}
        {actions.has('note') && (
          <Button onClick={() => setOpen('note')} data-testid="order-note-open">
            {A.note}
          </Button>
        )}
        {actions.has('comment') && (
          <Button onClick={() => setOpen('comment')} data-testid="order-comment-open">
            {A.comment}
          </Button>
        )}
        {actions.has('bonus_return') && (
          <Button
            icon={<RollbackOutlined />}
            loading={bonusReturn.isPending}
            disabled={busy}
            onClick={() => void onBonusReturn()}
            data-testid="order-action-bonus-return"
          >
            {A.bonusReturn}
          </Button>
        )}
        {actions.has('export') && (
          <Button icon={<DownloadOutlined />} loading={download.isPending} onClick={() => download.mutate()} data-testid="order-export">
            {A.download}
          </Button>
        )}
        {extra}
      </Flex>
      {basketMessage && (
        <Alert style={{ marginTop: 12 }} type={basketMessage.type} showIcon title={basketMessage.text} data-testid="order-basket-message" />
      )}
      {(open === 'reject' || open === 'complete') && (
        <OrderDecisionModal orderId={order.ID} decision={open} onClose={() => setOpen(null)} onDone={open === 'reject' ? canceled : done} />
      )}
      {(open === 'note' || open === 'comment') && (
        <OrderTextModal
          orderId={order.ID}
          kind={open}
          initial={open === 'note' ? order.NOTE : order.SHOP_COMMENT}
          onClose={() => setOpen(null)}
          onDone={done}
        />
      )}
    </>
  );
}

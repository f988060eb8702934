import { Select } from 'antd';
import { App } from 'antd';
import { MSG } from '@b2b/contracts/messages';
import type { OrderCard, PaymentType } from '@b2b/contracts/orders';
import { errorText } from '@/api/error-text';
import { useChangePaymentType } from '@/features/orders/api/payment-type-api';
import { ORDER_UI } from '@/features/orders/order-text';

/**
 * The order's payment type: for editors a choice among the shop's PAYMENT_TYPES, notifying
 * «Вы сменили способ оплаты на "{type}"»; for everyone else its name.
 */
export function PaymentTypeSelect({ order, editable }: { order: OrderCard; editable: boolean }) {
  const change = useChangePaymentType(order.ID);
  const { message, modal } = App.useApp();
  const current = order.PAYMENT_TYPE;
  if (!editable) return <span data-testid="payment-type">{current.NAME}</span>;

  // The order's own type stays a choice even when the shop no longer enables it.
  const types = order.PAYMENT_TYPES.some((t) => t.CODE === current.CODE) ? order.PAYMENT_TYPES : [current, ...order.PAYMENT_TYPES];
  const options = types.map((t) => ({ value: t.CODE, label: t.NAME }));

  return (
    <Select<PaymentType>
      data-testid="payment-type-select"
      value={current.CODE}
      options={options}
      loading={change.isPending}
      disabled={change.isPending}
      style={{ minWidth: 220 }}
      onChange={async (code) => {
        try {
          const answer = await change.mutateAsync(code);
          void message.success({ content: MSG.paymentTypeChanged(answer.PAYMENT_TYPE.NAME), className: 'payment-type-changed' });
        } catch (error) {
          modal.error({ title: ORDER_UI.actionFailed, content: <span data-testid="order-action-error">{errorText(error)}</span> });
        }
      }}
    />
  );
}

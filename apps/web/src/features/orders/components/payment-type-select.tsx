import { Select } from 'antd';
import { App } from 'antd';
import { MSG } from '@b2b/contracts/messages';
import { PAYMENT_TYPE_LABEL, type OrderCard, type PaymentType } from '@b2b/contracts/orders';
import { errorText } from '@/api/error-text';
import { useChangePaymentType } from '@/features/orders/api/payment-type-api';
import { ORDER_UI } from '@/features/orders/order-text';

const typeName = (code: string, name?: string | null) => name || PAYMENT_TYPE_LABEL[code as PaymentType] || code;

/**
 * The order's payment type: for editors a choice among the shop's PAYMENT_TYPES, notifying
 * «Вы сменили способ оплаты на "{type}"»; for everyone else its name.
 */
export function PaymentTypeSelect({ order, editable }: { order: OrderCard; editable: boolean }) {
  const change = useChangePaymentType(order.ID);
  const { message, modal } = App.useApp();
  const current = order.PAYMENT_TYPE;
  if (!editable) return <span data-testid="payment-type">{typeName(current.CODE, current.NAME)}</span>;

  const types = order.PAYMENT_TYPES?.length ? order.PAYMENT_TYPES : [current];
  const options = types.map((t) => ({ value: t.CODE, label: typeName(t.CODE, t.NAME) }));
  if (!options.some((o) => o.value === current.CODE)) options.unshift({ value: current.CODE, label: typeName(current.CODE, current.NAME) });

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
          const name = typeName(answer.PAYMENT_TYPE?.CODE ?? code, answer.PAYMENT_TYPE?.NAME);
          void message.success({ content: MSG.paymentTypeChanged(name), className: 'payment-type-changed' });
        } catch (error) {
          modal.error({ title: ORDER_UI.actionFailed, content: <span data-testid="order-action-error">{errorText(error)}</span> });
        }
      }}
    />
  );
}

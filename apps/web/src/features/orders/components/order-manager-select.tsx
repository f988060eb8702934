import { App, Select } from 'antd';
import type { OrderCard } from '@b2b/contracts/orders';
import { errorText } from '@/api/error-text';
import { useChangeOrder } from '@/features/orders/api/order-card-api';
import { ORDER_UI } from '@/features/orders/order-text';

/**
 * The order's responsible employee (MANAGER, issue 39 §1). Who may set it (the server's ACTIONS hold `manager` and
 * the card lists MANAGERS: the partner's editors) chooses among the partner's active staff or clears it; the answer's
 * MESSAGE («Ответственный: …») is shown and the card read again. Everyone else, the platform manager too, reads the name.
 */
export function OrderManagerSelect({ order, editable }: { order: OrderCard; editable: boolean }) {
  const change = useChangeOrder(order.ID);
  const { message, modal } = App.useApp();
  const current = order.MANAGER;
  if (!editable || !order.MANAGERS) {
    return <span data-testid="order-manager">{current?.NAME ?? ORDER_UI.none}</span>;
  }

  // The one responsible now stays a choice even when disabled since.
  const people = current && !order.MANAGERS.some((m) => m.ID === current.ID) ? [current, ...order.MANAGERS] : order.MANAGERS;
  const options = people.map((m) => ({ value: m.ID, label: m.NAME }));

  return (
    <Select<number>
      data-testid="order-manager-select"
      aria-label={ORDER_UI.fields.manager}
      value={current?.ID}
      placeholder={ORDER_UI.managerNone}
      options={options}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={change.isPending}
      disabled={change.isPending}
      style={{ minWidth: 220 }}
      onChange={async (id?: number) => {
        try {
          const answer = await change.mutateAsync({ action: 'manager', manager_id: id === undefined || id === null ? '' : String(id) });
          if (answer.MESSAGE) void message.success({ content: answer.MESSAGE, className: 'order-manager-changed' });
        } catch (error) {
          modal.error({ title: ORDER_UI.actionFailed, content: <span data-testid="order-action-error">{errorText(error)}</span> });
        }
      }}
    />
  );
}

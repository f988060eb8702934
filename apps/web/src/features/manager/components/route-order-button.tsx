import { useState } from 'react';
import { Alert, App, Button, Modal, Typography } from 'antd';
import { SwapOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { ACTION_LABEL } from '@b2b/contracts/messages';
import type { OrderCard } from '@b2b/contracts/orders';
import { errorText } from '@/api/error-text';
import { useRouteOrder } from '@/features/manager/api/order-routing-api';
import { RoutingPartnerPicker } from '@/features/manager/components/partner-picker';
import { ROUTING_UI } from '@/features/manager/order-routing-text';

/** Only new and viewed orders move (issue 39 §1); the server refuses the others with its message. */
const ROUTABLE: readonly string[] = ['NEW', 'VIEWED'];

/**
 * «Передать партнеру» on the manager's order card (issue 39 §1): a partner picker (the order's own partner left out),
 * «Передать», the server's refusal in the modal; done, the server's message and the order's card at the target.
 */
export function RouteOrderButton({ order }: { order: OrderCard }) {
  const [open, setOpen] = useState(false);
  if (!ROUTABLE.includes(order.STATUS.STATUS_CODE)) return null;
  return (
    <>
      <Button icon={<SwapOutlined />} data-testid="route-order" onClick={() => setOpen(true)}>
        {ROUTING_UI.button}
      </Button>
      {open && <RouteOrderModal order={order} onClose={() => setOpen(false)} />}
    </>
  );
}

function RouteOrderModal({ order, onClose }: { order: OrderCard; onClose: () => void }) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const routing = useRouteOrder(order.ID);
  const [partnerId, setPartnerId] = useState<number | undefined>();
  // After a refusal the order may have changed meanwhile (routed, accepted, canceled): the card is read again on closing.
  const close = () => {
    if (routing.isError) void routing.refresh();
    onClose();
  };

  const submit = async () => {
    if (partnerId === undefined || routing.isPending) return;
    try {
      const answer = await routing.mutateAsync(partnerId);
      void message.success({ content: answer.MESSAGE || ROUTING_UI.done(answer.ORDER.PARTNER_NAME), className: 'order-routed' });
      onClose();
      void navigate(`/partner/orderlist/${answer.ORDER.ID}`);
    } catch {
      // routing.error is shown in the modal.
    }
  };

  return (
    <Modal
      open
      title={ROUTING_UI.title(order.ORDER_NUMBER)}
      onCancel={routing.isPending ? undefined : close}
      mask={{ closable: !routing.isPending }}
      footer={[
        <Button key="cancel" onClick={close} disabled={routing.isPending}>
          {ACTION_LABEL.cancel}
        </Button>,
        <Button
          key="submit"
          type="primary"
          loading={routing.isPending}
          disabled={partnerId === undefined}
          onClick={() => void submit()}
          data-testid="route-order-submit"
        >
          {ROUTING_UI.submit}
        </Button>,
      ]}
    >
      <div data-testid="route-order-modal">
        <Typography.Paragraph type="secondary">{ROUTING_UI.hint}</Typography.Paragraph>
        <Typography.Paragraph style={{ marginBottom: 8 }}>{ROUTING_UI.partner}</Typography.Paragraph>
        <RoutingPartnerPicker
          value={partnerId}
          excludeId={order.SHOP.ID}
          disabled={routing.isPending}
          onChange={(id) => {
            setPartnerId(id);
            routing.reset();
          }}
        />
        {routing.error && (
          <Alert type="error" showIcon style={{ marginTop: 16 }} title={<span data-testid="route-order-error">{errorText(routing.error)}</span>} />
        )}
      </div>
    </Modal>
  );
}

import { useState } from 'react';
import { App, Alert, Button, Flex, Typography } from 'antd';
import { ShoppingCartOutlined } from '@ant-design/icons';
import { SendChosenModal } from '@/features/orders/components/send-chosen-modal';
import { ORDER_UI } from '@/features/orders/order-text';

const T = ORDER_UI.chosen;

/** Above the order list: how many accepted orders are chosen, and sending them (or some of their products) to the basket. */
export function ChosenOrdersBar({ chosen, onClear }: { chosen: number[]; onClear: () => void }) {
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  if (!chosen.length && !open) {
    return (
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }} data-testid="chosen-orders-hint">
        {T.hint}
      </Typography.Paragraph>
    );
  }
  return (
    <>
      <Alert
        style={{ marginBottom: 8 }}
        type="info"
        data-testid="chosen-orders-bar"
        title={
          <Flex gap={12} align="center" wrap>
            <Typography.Text strong data-testid="chosen-orders-count">
              {T.count(chosen.length)}
            </Typography.Text>
            <Button type="primary" icon={<ShoppingCartOutlined />} onClick={() => setOpen(true)} data-testid="chosen-orders-send">
              {T.open}
            </Button>
            <Button type="link" onClick={onClear} data-testid="chosen-orders-clear">
              {T.clear}
            </Button>
          </Flex>
        }
      />
      {open && (
        <SendChosenModal
          orderIds={chosen}
          onClose={() => setOpen(false)}
          onSent={(text) => {
            setOpen(false);
            onClear();
            void message.success({ content: <span data-testid="chosen-orders-sent">{text}</span>, duration: 6 });
          }}
        />
      )}
    </>
  );
}

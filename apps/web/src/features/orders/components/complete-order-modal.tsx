import { useRef } from 'react';
import { Typography } from 'antd';
import { ORDER_MSG } from '@b2b/contracts/orders';
import { errorText } from '@/api/error-text';
import { useChangeOrder } from '@/features/orders/api/order-card-api';
import { ActionModal } from '@/features/orders/components/action-modal';
import { ORDER_UI } from '@/features/orders/order-text';
import { createSingleFlight } from '@/features/orders/single-flight';

/** Fulfil an order: all goods are in stock and the client is notified (back-office.md §4). */
export function CompleteOrderModal({
  orderId,
  onClose,
  onDone,
}: {
  orderId: number;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const change = useChangeOrder(orderId);
  const run = useRef(createSingleFlight()).current;
  const submit = () =>
    run(async () => {
      try {
        const answer = await change.mutateAsync({ action: 'complete' });
        onDone(answer.MESSAGE || ORDER_MSG.completed);
      } catch {
        // change.error is shown in the modal.
      }
    });
  return (
    <ActionModal
      title={ORDER_UI.complete.title}
      testId="complete-modal"
      submitLabel={ORDER_UI.complete.submit}
      submitTestId="complete-submit"
      pending={change.isPending}
      error={change.error ? errorText(change.error) : null}
      errorTestId="complete-error"
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <Typography.Paragraph>{ORDER_UI.complete.text}</Typography.Paragraph>
    </ActionModal>
  );
}

import { useRef, useState } from 'react';
import { Alert, Typography } from 'antd';
import { ORDER_MSG } from '@b2b/contracts/orders';
import { isApiError } from '@/api/api-error';
import { errorText } from '@/api/error-text';
import { useChangeOrder } from '@/features/orders/api/order-card-api';
import { ActionModal } from '@/features/orders/components/action-modal';
import { ORDER_UI } from '@/features/orders/order-text';
import { createSingleFlight } from '@/features/orders/single-flight';

/**
 * Fulfil an order: all goods are in stock and the client is notified (back-office.md §4). When the distributor's
 * stock looks short the server names the shortage (errors.stock): the user sees it as a warning and confirms that
 * the goods are there, or cancels.
 */
export function CompleteOrderModal({ orderId, onClose, onDone }: { orderId: number; onClose: () => void; onDone: (message: string) => void }) {
  const change = useChangeOrder(orderId);
  const run = useRef(createSingleFlight()).current;
  const [stockWarning, setStockWarning] = useState<string | null>(null);
  const submit = () =>
    run(async () => {
      try {
        const answer = await change.mutateAsync({ action: 'complete', ...(stockWarning ? { confirm_stock: 'Y' as const } : {}) });
        onDone(answer.MESSAGE || ORDER_MSG.completed);
      } catch (error) {
        const stock = isApiError(error) ? error.errors.stock : undefined;
        if (stock) setStockWarning(stock);
        // Any other change.error is shown in the modal.
      }
    });
  const failure = change.error && !(isApiError(change.error) && change.error.errors.stock) ? errorText(change.error) : null;
  return (
    <ActionModal
      title={ORDER_UI.complete.title}
      testId="complete-modal"
      submitLabel={stockWarning ? ORDER_UI.complete.confirmStock : ORDER_UI.complete.submit}
      submitTestId="complete-submit"
      pending={change.isPending}
      error={failure}
      errorTestId="complete-error"
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <Typography.Paragraph>{ORDER_UI.complete.text}</Typography.Paragraph>
      {stockWarning && <Alert type="warning" showIcon title={stockWarning} data-testid="complete-stock-warning" />}
    </ActionModal>
  );
}

import { useRef, useState } from 'react';
import { Alert, Input, Typography } from 'antd';
import { LIMITS } from '@b2b/contracts/limits';
import { ORDER_MSG } from '@b2b/contracts/orders';
import { isApiError } from '@/api/api-error';
import { errorText } from '@/api/error-text';
import { useChangeOrder } from '@/features/orders/api/order-card-api';
import { ActionModal } from '@/features/orders/components/action-modal';
import { ORDER_UI } from '@/features/orders/order-text';
import { cancelReasonError } from '@/features/orders/order-validation';
import { createSingleFlight } from '@/features/orders/single-flight';

export type OrderDecision = 'complete' | 'reject';

/**
 * Fulfil (complete) or reject (cancel) an order; the client is notified (back-office.md §4). A rejection needs a
 * reason. When the distributor's stock looks short for a completion the server names the shortage (errors.stock):
 * the user sees it as a warning and confirms that the goods are there, or cancels.
 */
export function OrderDecisionModal({
  orderId,
  decision,
  onClose,
  onDone,
}: {
  orderId: number;
  decision: OrderDecision;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const change = useChangeOrder(orderId);
  const run = useRef(createSingleFlight()).current;
  const [reason, setReason] = useState('');
  const [refused, setRefused] = useState<string | null>(null);
  const [stockWarning, setStockWarning] = useState<string | null>(null);
  const reject = decision === 'reject';

  const submit = () =>
    run(async () => {
      const error = reject ? cancelReasonError(reason) : null;
      setRefused(error);
      if (error) return;
      try {
        const answer = await change.mutateAsync(
          reject
            ? { action: 'cancel', cancel_comment: reason.trim() }
            : { action: 'complete', ...(stockWarning ? { confirm_stock: 'Y' as const } : {}) },
        );
        onDone(answer.MESSAGE || (reject ? ORDER_MSG.canceled : ORDER_MSG.completed));
      } catch (error) {
        const stock = isApiError(error) ? error.errors.stock : undefined;
        if (stock) setStockWarning(stock);
        // Any other change.error is shown in the modal.
      }
    });
  const stockShort = isApiError(change.error) && !!change.error.errors.stock;

  return (
    <ActionModal
      title={ORDER_UI[decision].title}
      testId={`${decision}-modal`}
      submitLabel={stockWarning ? ORDER_UI.complete.confirmStock : ORDER_UI[decision].submit}
      submitTestId={`${decision}-submit`}
      danger={reject}
      pending={change.isPending}
      error={refused ?? (change.error && !stockShort ? errorText(change.error) : null)}
      errorTestId={`${decision}-error`}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <Typography.Paragraph>{reject ? ORDER_UI.reject.reason : ORDER_UI.complete.text}</Typography.Paragraph>
      {reject && (
        <Input.TextArea
          data-testid="reject-reason"
          autoFocus
          rows={4}
          value={reason}
          placeholder={ORDER_UI.reject.placeholder}
          count={{ show: true, max: LIMITS.orderNoteMax }}
          style={{ marginBottom: 16 }}
          status={refused ? 'error' : undefined}
          onChange={(e) => {
            setReason(e.target.value);
            setRefused(null);
            change.reset();
          }}
        />
      )}
      {stockWarning && <Alert type="warning" showIcon title={stockWarning} data-testid="complete-stock-warning" />}
    </ActionModal>
  );
}

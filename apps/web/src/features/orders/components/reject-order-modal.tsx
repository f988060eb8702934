import { useRef, useState } from 'react';
import { Input, Typography } from 'antd';
import { LIMITS } from '@b2b/contracts/limits';
import { ORDER_MSG } from '@b2b/contracts/orders';
import { errorText } from '@/api/error-text';
import { useChangeOrder } from '@/features/orders/api/order-card-api';
import { ActionModal } from '@/features/orders/components/action-modal';
import { ORDER_UI } from '@/features/orders/order-text';
import { cancelReasonError } from '@/features/orders/order-validation';
import { createSingleFlight } from '@/features/orders/single-flight';

/** Reject (cancel) an order: a reason is required; the client is notified (back-office.md §4). */
export function RejectOrderModal({ orderId, onClose, onDone }: { orderId: number; onClose: () => void; onDone: (message: string) => void }) {
  const change = useChangeOrder(orderId);
  const [reason, setReason] = useState('');
  const [refused, setRefused] = useState<string | null>(null);
  const run = useRef(createSingleFlight()).current;

  const submit = () =>
    run(async () => {
      const error = cancelReasonError(reason);
      setRefused(error);
      if (error) return;
      try {
        const answer = await change.mutateAsync({ action: 'cancel', cancel_comment: reason.trim() });
        onDone(answer.MESSAGE || ORDER_MSG.canceled);
      } catch {
        // change.error is shown in the modal.
      }
    });

  return (
    <ActionModal
      title={ORDER_UI.reject.title}
      testId="reject-modal"
      submitLabel={ORDER_UI.reject.submit}
      submitTestId="reject-submit"
      danger
      pending={change.isPending}
      error={refused ?? (change.error ? errorText(change.error) : null)}
      errorTestId="reject-error"
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <Typography.Paragraph>{ORDER_UI.reject.reason}</Typography.Paragraph>
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
    </ActionModal>
  );
}

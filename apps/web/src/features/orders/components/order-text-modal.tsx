import { useRef, useState } from 'react';
import { Input, Typography } from 'antd';
import { ACTION_LABEL } from '@b2b/contracts/messages';
import { LIMITS } from '@b2b/contracts/limits';
import { ORDER_MSG } from '@b2b/contracts/orders';
import { errorText } from '@/api/error-text';
import { useChangeOrder } from '@/features/orders/api/order-card-api';
import { ActionModal } from '@/features/orders/components/action-modal';
import { ORDER_UI } from '@/features/orders/order-text';
import { orderTextError } from '@/features/orders/order-validation';
import { createSingleFlight } from '@/features/orders/single-flight';

export type OrderTextKind = 'note' | 'comment';

/** The order note (staff only) or the shop comment (the client sees it): at most 1000 characters, with a counter. */
export function OrderTextModal({
  orderId,
  kind,
  initial,
  onClose,
  onDone,
}: {
  orderId: number;
  kind: OrderTextKind;
  initial: string | null;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const change = useChangeOrder(orderId);
  const [text, setText] = useState(initial ?? '');
  const [refused, setRefused] = useState<string | null>(null);
  const run = useRef(createSingleFlight()).current;
  const ui = ORDER_UI[kind];
  const prefix = kind === 'note' ? 'order-note' : 'order-comment';
  const tooLong = orderTextError(text);

  const submit = () =>
    run(async () => {
      setRefused(tooLong);
      if (tooLong) return;
      try {
        const answer = await change.mutateAsync(kind === 'note' ? { action: 'note', note: text } : { action: 'comment', shop_comment: text });
        onDone(answer.MESSAGE || (kind === 'note' ? ORDER_MSG.noteSaved : ORDER_MSG.commentSaved));
      } catch {
        // change.error is shown in the modal.
      }
    });

  return (
    <ActionModal
      title={ui.title}
      testId={`${prefix}-modal`}
      submitLabel={ACTION_LABEL.save}
      submitTestId={`${prefix}-submit`}
      pending={change.isPending}
      error={refused ?? (change.error ? errorText(change.error) : null)}
      errorTestId={`${prefix}-error`}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <Typography.Paragraph type="secondary">{ui.hint}</Typography.Paragraph>
      <Input.TextArea
        data-testid={`${prefix}-input`}
        autoFocus
        rows={5}
        value={text}
        count={{ show: true, max: LIMITS.orderNoteMax }}
        style={{ marginBottom: 16 }}
        status={tooLong ? 'error' : undefined}
        onChange={(e) => {
          setText(e.target.value);
          setRefused(null);
          change.reset();
        }}
      />
    </ActionModal>
  );
}

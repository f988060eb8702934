import { useRef, useState } from 'react';
import { Descriptions, Form, Input, Segmented } from 'antd';
import { LIMITS } from '@b2b/contracts/limits';
import { LOYALTY_MSG, type LoyaltyMemberRow } from '@b2b/contracts/loyalty';
import { isApiError } from '@/api/api-error';
import { useAdjustPoints } from '@/features/loyalty/api/loyalty-api';
import { MemberModal } from '@/features/loyalty/components/member-modal';
import { useLoyaltySave } from '@/features/loyalty/components/use-loyalty-save';
import { LOYALTY_UI } from '@/features/loyalty/loyalty-text';
import { formatPoints } from '@/shared/formatters/format-points';
import { cleanMoneyInput } from '@/shared/inputs/money';

const T = LOYALTY_UI.adjust;

type Direction = 'plus' | 'minus';

interface AdjustValues {
  direction: Direction;
  points: string;
  comment: string;
}

const FIELDS = ['points', 'comment'] as const;

/** crypto.randomUUID exists only on https and localhost; a shop on plain http still gets 128 random bits. */
const newKey = () =>
  typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

/**
 * «Начислить / Списать баллы» (back-office.md §2): whole points with a comment. The modal makes one key when it opens
 * and sends it with each submit, so a double click or a resend after a lost answer changes the balance once; a
 * refused request (nothing done) takes a new key for the corrected one.
 */
export function AdjustPointsModal({ member, onClose }: { member: LoyaltyMemberRow; onClose: () => void }) {
  const [form] = Form.useForm<AdjustValues>();
  const adjust = useAdjustPoints();
  const saver = useLoyaltySave(form, FIELDS);
  const [key, setKey] = useState(newKey);
  const sending = useRef(false);

  const submit = async (values: AdjustValues) => {
    if (sending.current) return;
    sending.current = true;
    let refused = false;
    const send = async () => {
      try {
        return await adjust.mutateAsync({
          direction: values.direction,
          client_id: member.ID,
          points: values.points,
          comment: values.comment.trim(),
          key,
        });
      } catch (error) {
        refused = isApiError(error) && error.kind === 'failure';
        throw error;
      }
    };
    try {
      const done = await saver.run(send, values.direction === 'plus' ? LOYALTY_MSG.plusDone : LOYALTY_MSG.minusDone);
      if (done) onClose();
      else if (refused) setKey(newKey());
    } finally {
      sending.current = false;
    }
  };

  return (
    <MemberModal
      title={T.title(member.NAME)}
      pending={adjust.isPending}
      testId="adjust"
      onOk={() => form.submit()}
      onClose={onClose}
      failure={saver.failure}
    >
      <Descriptions size="small" column={1} style={{ marginBottom: 16 }}>
        <Descriptions.Item label={T.balance}>
          <span data-testid="adjust-balance">{formatPoints(member.BALANCE)}</span>
        </Descriptions.Item>
      </Descriptions>
      <Form<AdjustValues>
        form={form}
        layout="vertical"
        initialValues={{ direction: 'plus', points: '', comment: '' }}
        onFinish={(values) => void submit(values)}
        data-testid="adjust-form"
      >
        <Form.Item name="direction">
          <Segmented<Direction>
            aria-label={T.direction}
            options={[
              { value: 'plus', label: T.plus },
              { value: 'minus', label: T.minus },
            ]}
            data-testid="adjust-direction"
          />
        </Form.Item>
        <Form.Item
          name="points"
          label={T.points}
          normalize={(v: string) => cleanMoneyInput(v ?? '', 0)}
          rules={[{ required: true, pattern: /^0*[1-9]\d*$/, message: LOYALTY_MSG.pointsInvalid }]}
        >
          <Input inputMode="numeric" data-testid="adjust-points" style={{ maxWidth: 200 }} />
        </Form.Item>
        <Form.Item name="comment" label={T.comment} rules={[{ required: true, whitespace: true, message: LOYALTY_MSG.commentRequired }]}>
          <Input.TextArea rows={3} maxLength={LIMITS.orderNoteMax} data-testid="adjust-comment" />
        </Form.Item>
      </Form>
    </MemberModal>
  );
}

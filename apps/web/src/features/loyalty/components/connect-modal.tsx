import { Form, Input } from 'antd';
import { LOYALTY_MSG, type LoyaltyMemberRow } from '@b2b/contracts/loyalty';
import { useSetParticipation } from '@/features/loyalty/api/loyalty-api';
import { MemberModal } from '@/features/loyalty/components/member-modal';
import { useLoyaltySave } from '@/features/loyalty/components/use-loyalty-save';
import { LOYALTY_UI } from '@/features/loyalty/loyalty-text';

const T = LOYALTY_UI.connect;
/** The contract's limit of a card code. */
const CARD_CODE_MAX = 30;

/** Connects a client to the programme with the card code typed, or one the server assigns (§7 participation). */
export function ConnectModal({ member, onClose }: { member: LoyaltyMemberRow; onClose: () => void }) {
  const [form] = Form.useForm<{ card_code: string }>();
  const connect = useSetParticipation();
  const saver = useLoyaltySave(form, ['card_code']);

  const submit = async ({ card_code }: { card_code: string }) => {
    const done = await saver.run(
      () => connect.mutateAsync({ client_id: member.ID, enabled: true, card_code: card_code?.trim() }),
      LOYALTY_MSG.enabled,
    );
    if (done) onClose();
  };

  return (
    <MemberModal
      title={T.title(member.NAME)}
      okText={LOYALTY_UI.participation.connect}
      pending={connect.isPending}
      testId="connect"
      onOk={() => form.submit()}
      onClose={onClose}
      failure={saver.failure}
    >
      <Form form={form} layout="vertical" initialValues={{ card_code: member.CARD_CODE ?? '' }} onFinish={(values) => void submit(values)}>
        <Form.Item name="card_code" label={T.cardCode} extra={T.cardCodeHint}>
          <Input maxLength={CARD_CODE_MAX} data-testid="connect-card-code" />
        </Form.Item>
      </Form>
    </MemberModal>
  );
}

import { DatePicker, Form, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { LOYALTY_MSG, type LoyaltyMemberRow } from '@b2b/contracts/loyalty';
import { useSetClientStatus } from '@/features/loyalty/api/loyalty-api';
import { MemberModal } from '@/features/loyalty/components/member-modal';
import { useLoyaltySave } from '@/features/loyalty/components/use-loyalty-save';
import { LOYALTY_UI } from '@/features/loyalty/loyalty-text';
import { SCREEN_DAY, WIRE_DAY } from '@/shared/inputs/day-range';

const T = LOYALTY_UI.setStatus;

interface StatusValues {
  status_id?: number;
  date_status_end: Dayjs | null;
}

interface Props {
  member: LoyaltyMemberRow;
  statuses: { ID: number; TITLE: string }[];
  onClose: () => void;
}

/** «Изменить статус» (back-office.md §2): the member's status and the day it holds until (none: no end). */
export function SetStatusModal({ member, statuses, onClose }: Props) {
  const [form] = Form.useForm<StatusValues>();
  const setStatus = useSetClientStatus();
  const saver = useLoyaltySave(form, ['status_id', 'date_status_end']);

  const submit = async (values: StatusValues) => {
    const body = { client_id: member.ID, status_id: values.status_id!, date_status_end: values.date_status_end?.format(WIRE_DAY) ?? '' };
    if (await saver.run(() => setStatus.mutateAsync(body), LOYALTY_MSG.statusSet)) onClose();
  };

  return (
    <MemberModal
      title={T.title(member.NAME)}
      pending={setStatus.isPending}
      testId="set-status"
      onOk={() => form.submit()}
      onClose={onClose}
      failure={saver.failure}
    >
      <Form<StatusValues>
        form={form}
        layout="vertical"
        initialValues={{
          status_id: member.STATUS?.ID,
          date_status_end: member.DATE_STATUS_END ? dayjs(member.DATE_STATUS_END * 1000) : null,
        }}
        onFinish={(values) => void submit(values)}
        data-testid="set-status-form"
      >
        <Form.Item name="status_id" label={T.status} rules={[{ required: true, message: LOYALTY_MSG.statusUnknown }]}>
          <Select options={statuses.map((s) => ({ value: s.ID, label: s.TITLE }))} data-testid="set-status-select" />
        </Form.Item>
        <Form.Item name="date_status_end" label={T.until} extra={T.untilHint}>
          <DatePicker
            format={SCREEN_DAY}
            disabledDate={(day) => day.isBefore(dayjs(), 'day')}
            data-testid="set-status-until"
            style={{ width: 200 }}
          />
        </Form.Item>
      </Form>
    </MemberModal>
  );
}

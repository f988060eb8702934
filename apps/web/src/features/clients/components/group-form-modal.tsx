import { useEffect } from 'react';
import { Form, Input, Modal } from 'antd';
import { GROUP_DESCRIPTION_MAX, GROUP_NAME_MAX, type GroupListItem, type GroupSaved } from '@b2b/contracts/clients';
import { ACTION_LABEL, MSG } from '@b2b/contracts/messages';
import { isApiError } from '@/api/api-error';
import { errorText } from '@/api/error-text';
import { type GroupFormValues, useSaveGroup } from '@/features/clients/api/groups-api';
import { CLIENTS_UI } from '@/features/clients/clients-text';
import { useMembersFeedback } from '@/features/clients/components/use-change-members';
import { notifyError, notifySuccess } from '@/shared/ui/notify';

interface Props {
  open: boolean;
  /** The group to edit; none creates one. */
  group?: Pick<GroupListItem, 'ID' | 'NAME' | 'DESCRIPTION'>;
  /** Clients to add to the new group after it is created (their names for the failure modal). */
  clients?: { ID: number; NAME: string }[];
  onClose: () => void;
  onSaved?: (answer: GroupSaved) => void;
}

/** Create or edit a group: name (required) and description; the server's errors land on their fields. */
export function GroupFormModal({ open, group, clients, onClose, onSaved }: Props) {
  const [form] = Form.useForm<GroupFormValues>();
  const save = useSaveGroup();
  const members = useMembersFeedback();

  useEffect(() => {
    if (open) form.setFieldsValue({ groupName: group?.NAME ?? '', groupDescription: group?.DESCRIPTION ?? '' });
  }, [open, group, form]);

  const submit = async (values: GroupFormValues) => {
    try {
      const answer = await save.mutateAsync({ ...values, id: group?.ID, clients: clients?.map((c) => c.ID) });
      if (answer.MESSAGE) notifySuccess(answer.MESSAGE);
      // The clients given with a new group are added as any others: the outcome in a modal (back-office.md §2).
      if (answer.INFO) members.showOutcome(answer.INFO, new Map(clients?.map((c) => [c.ID, c.NAME])), false);
      onSaved?.(answer);
      onClose();
    } catch (error) {
      const fields = isApiError(error) ? Object.entries(error.errors) : [];
      if (fields.length) form.setFields(fields.map(([name, text]) => ({ name: name as keyof GroupFormValues, errors: [text] })));
      else notifyError(errorText(error));
    }
  };

  return (
    <Modal
      open={open}
      title={group ? CLIENTS_UI.editGroup : CLIENTS_UI.newGroup}
      okText={ACTION_LABEL.save}
      cancelText={ACTION_LABEL.cancel}
      okButtonProps={{ loading: save.isPending, 'data-testid': 'group-form-save' }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={submit} data-testid="group-form">
        <Form.Item
          name="groupName"
          label={CLIENTS_UI.groupName}
          rules={[
            { required: true, whitespace: true, message: MSG.groupNameRequired },
            { max: GROUP_NAME_MAX, message: MSG.groupNameTooLong(GROUP_NAME_MAX) },
          ]}
        >
          <Input data-testid="group-form-name" maxLength={GROUP_NAME_MAX + 1} />
        </Form.Item>
        <Form.Item
          name="groupDescription"
          label={CLIENTS_UI.groupDescription}
          rules={[{ max: GROUP_DESCRIPTION_MAX, message: MSG.groupDescriptionTooLong(GROUP_DESCRIPTION_MAX) }]}
        >
          <Input.TextArea data-testid="group-form-description" rows={3} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

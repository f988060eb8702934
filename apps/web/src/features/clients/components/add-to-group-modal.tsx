import { useState } from 'react';
import { Button, Modal, Select, Space } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { LIMITS } from '@b2b/contracts/limits';
import { ACTION_LABEL, MSG } from '@b2b/contracts/messages';
import { useGroupList } from '@/features/clients/api/groups-api';
import { CLIENTS_UI } from '@/features/clients/clients-text';
import { GroupFormModal } from '@/features/clients/components/group-form-modal';
import { useChangeMembersWithFeedback } from '@/features/clients/components/use-change-members';

const ALL_GROUPS = { sort: 'NAME', order: 'ASC', limit: String(LIMITS.groupPageSizeChoices[2]), offset: '0' };

interface Props {
  open: boolean;
  clients: { ID: number; NAME: string }[];
  onClose: () => void;
  onDone: () => void;
}

/** Adds the selected clients to a chosen group, or creates a new group with them. */
export function AddToGroupModal({ open, clients, onClose, onDone }: Props) {
  const groups = useGroupList(ALL_GROUPS, open);
  const [groupId, setGroupId] = useState<number>();
  const [creating, setCreating] = useState(false);
  const { change, pending } = useChangeMembersWithFeedback();
  const ids = clients.map((c) => c.ID);

  const add = async () => {
    if (!groupId) return;
    if (await change(groupId, ids, false, new Map(clients.map((c) => [c.ID, c.NAME])))) {
      setGroupId(undefined);
      onDone();
    }
  };

  return (
    <>
      <Modal
        open={open && !creating}
        title={CLIENTS_UI.addToGroup}
        okText={ACTION_LABEL.add}
        cancelText={ACTION_LABEL.cancel}
        okButtonProps={{ disabled: !groupId, loading: pending, 'data-testid': 'add-to-group-ok' }}
        onOk={add}
        onCancel={onClose}
      >
        <Space orientation="vertical" style={{ width: '100%' }}>
          <div>{CLIENTS_UI.selected(clients.length)}</div>
          <Select
            data-testid="add-to-group-select"
            style={{ width: '100%' }}
            placeholder={CLIENTS_UI.chooseGroup}
            loading={groups.isPending}
            value={groupId}
            onChange={setGroupId}
            notFoundContent={MSG.groupsEmpty}
            showSearch={{ optionFilterProp: 'label' }}
            options={(groups.data?.ITEMS ?? []).map((g) => ({ value: g.ID, label: g.NAME }))}
          />
          <Button icon={<PlusOutlined />} onClick={() => setCreating(true)} data-testid="add-to-group-new">
            {CLIENTS_UI.newGroup}
          </Button>
        </Space>
      </Modal>
      <GroupFormModal
        open={open && creating}
        clients={ids}
        onClose={() => setCreating(false)}
        onSaved={() => {
          setCreating(false);
          onDone();
        }}
      />
    </>
  );
}

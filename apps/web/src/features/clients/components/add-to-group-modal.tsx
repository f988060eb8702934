import { useState } from 'react';
import { Button, Modal, Select, Space } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { LIMITS } from '@b2b/contracts/limits';
import { ACTION_LABEL, MSG } from '@b2b/contracts/messages';
import { useGroupList } from '@/features/clients/api/groups-api';
import { CLIENTS_UI } from '@/features/clients/clients-text';
import { GroupFormModal } from '@/features/clients/components/group-form-modal';
import { useChangeMembersWithFeedback } from '@/features/clients/components/use-change-members';
import { useDebounced } from '@/shared/hooks/use-debounced';

const ALL_GROUPS = { sort: 'NAME', order: 'ASC', limit: String(LIMITS.groupPageSizeChoices[2]), offset: '0' };

interface Props {
  open: boolean;
  clients: { ID: number; NAME: string }[];
  onClose: () => void;
  onDone: () => void;
}

/** Adds the selected clients to a chosen group, or creates a new group with them. */
export function AddToGroupModal({ open, clients, onClose, onDone }: Props) {
  const [search, setSearch] = useState('');
  const query = useDebounced(search.trim(), 300);
  // The server searches the names: any group can be found, however many the partner has.
  const groups = useGroupList(query ? { ...ALL_GROUPS, query } : ALL_GROUPS, open);
  const [chosen, setChosen] = useState<{ value: number; label: string }>();
  const groupId = chosen?.value;
  const [creating, setCreating] = useState(false);
  const { change, pending } = useChangeMembersWithFeedback();
  const ids = clients.map((c) => c.ID);

  const add = async () => {
    if (!groupId) return;
    if (await change(groupId, ids, false, new Map(clients.map((c) => [c.ID, c.NAME])))) {
      setChosen(undefined);
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
            loading={groups.isFetching}
            labelInValue
            value={chosen}
            onChange={(v) => setChosen(v as { value: number; label: string } | undefined)}
            notFoundContent={MSG.groupsEmpty}
            showSearch={{ filterOption: false, onSearch: setSearch }}
            options={(groups.data?.ITEMS ?? []).map((g) => ({ value: g.ID, label: g.NAME }))}
          />
          <Button icon={<PlusOutlined />} onClick={() => setCreating(true)} data-testid="add-to-group-new">
            {CLIENTS_UI.newGroup}
          </Button>
        </Space>
      </Modal>
      <GroupFormModal
        open={open && creating}
        clients={clients}
        onClose={() => setCreating(false)}
        onSaved={() => {
          setCreating(false);
          onDone();
        }}
      />
    </>
  );
}

import { useState } from 'react';
import { Modal, Select } from 'antd';
import { ACTION_LABEL, MSG } from '@b2b/contracts/messages';
import { useClientShort } from '@/features/clients/api/clients-api';
import { CLIENTS_UI } from '@/features/clients/clients-text';
import { useChangeMembersWithFeedback } from '@/features/clients/components/use-change-members';

/** Picks active clients by name (client/short) and adds them to the group. */
export function AddClientsModal({ groupId, open, onClose }: { groupId: number; open: boolean; onClose: () => void }) {
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<{ value: number; label: string }[]>([]);
  const options = useClientShort(search);
  const { change, pending } = useChangeMembersWithFeedback();

  const add = async () => {
    const names = new Map(chosen.map((c) => [c.value, c.label]));
    if (
      await change(
        groupId,
        chosen.map((c) => c.value),
        false,
        names,
      )
    ) {
      setChosen([]);
      onClose();
    }
  };

  return (
    <Modal
      open={open}
      title={CLIENTS_UI.addClients}
      okText={ACTION_LABEL.add}
      cancelText={ACTION_LABEL.cancel}
      okButtonProps={{ disabled: !chosen.length, loading: pending, 'data-testid': 'add-clients-ok' }}
      onOk={add}
      onCancel={onClose}
      destroyOnHidden
    >
      <Select
        data-testid="add-clients-select"
        mode="multiple"
        labelInValue
        style={{ width: '100%' }}
        placeholder={CLIENTS_UI.chooseClients}
        value={chosen}
        onChange={(v) => setChosen(v as { value: number; label: string }[])}
        showSearch={{ filterOption: false, onSearch: setSearch }}
        loading={options.isFetching}
        notFoundContent={MSG.clientsEmpty}
        options={(options.data?.ITEMS ?? []).map((c) => ({ value: c.ID, label: c.NAME }))}
      />
    </Modal>
  );
}

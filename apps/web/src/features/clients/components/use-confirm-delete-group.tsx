import { App } from 'antd';
import type { GroupListItem } from '@b2b/contracts/clients';
import { ACTION_LABEL } from '@b2b/contracts/messages';
import { useDeleteGroup } from '@/features/clients/api/groups-api';
import { CLIENTS_UI } from '@/features/clients/clients-text';
import { notifySuccess } from '@/shared/ui/notify';

/** Confirms and deletes a group; answers the function that asks. */
export function useConfirmDeleteGroup(onDeleted?: () => void) {
  const { modal } = App.useApp();
  const remove = useDeleteGroup();
  return (group: Pick<GroupListItem, 'ID' | 'NAME'>) =>
    modal.confirm({
      title: CLIENTS_UI.deleteGroup,
      content: CLIENTS_UI.deleteGroupConfirm(group.NAME),
      okText: ACTION_LABEL.delete,
      okButtonProps: { danger: true, 'data-testid': 'group-delete-ok' },
      cancelText: ACTION_LABEL.cancel,
      onOk: async () => {
        const answer = await remove.mutateAsync(group.ID);
        if (answer.MESSAGE) notifySuccess(answer.MESSAGE);
        onDeleted?.();
      },
    });
}

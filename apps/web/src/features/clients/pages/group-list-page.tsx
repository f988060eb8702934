import { useState } from 'react';
import { Alert, Button } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { GroupListItem } from '@b2b/contracts/clients';
import { LIMITS } from '@b2b/contracts/limits';
import { errorText } from '@/api/error-text';
import { useExportGroupList, useGroupList } from '@/features/clients/api/groups-api';
import { GROUP_LIST_DEFAULTS, GROUP_LIST_SAVED_KEYS, listRequest } from '@/features/clients/client-list-params';
import { CLIENTS_UI } from '@/features/clients/clients-text';
import { GroupFormModal } from '@/features/clients/components/group-form-modal';
import { GroupTable } from '@/features/clients/components/group-table';
import { ListToolbar } from '@/features/clients/components/list-toolbar';
import { useConfirmDeleteGroup } from '@/features/clients/components/use-confirm-delete-group';
import { useSession } from '@/shared/auth/session-context';
import { useListParams } from '@/shared/list-params/use-list-params';

/** /partner/clients/groups: the group list (24/48/96 a page), create, edit and delete. */
export function GroupListPage() {
  const { rights } = useSession();
  const { params, setParams } = useListParams('params_groups', GROUP_LIST_DEFAULTS, GROUP_LIST_SAVED_KEYS);
  const request = listRequest(params);
  const list = useGroupList(request);
  const exporter = useExportGroupList();
  const [editing, setEditing] = useState<GroupListItem | 'new' | null>(null);
  const confirmDelete = useConfirmDeleteGroup();
  const canEdit = !!rights?.editClients;

  return (
    <div data-testid="group-list">
      <ListToolbar
        testId="groups"
        params={params}
        setParams={setParams}
        pageSizes={LIMITS.groupPageSizeChoices}
        periodLabel={CLIENTS_UI.groupPeriod}
        onExport={() => exporter.mutate(request)}
        exporting={exporter.isPending}
        searchPlaceholder={CLIENTS_UI.groupSearchPlaceholder}
      >
        {canEdit && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="group-create">
            {CLIENTS_UI.newGroup}
          </Button>
        )}
      </ListToolbar>
      {list.error && <Alert type="error" showIcon title={errorText(list.error)} style={{ marginBottom: 16 }} data-testid="groups-error" />}
      <GroupTable
        data={list.data}
        loading={list.isFetching}
        params={params}
        setParams={setParams}
        onEdit={canEdit ? setEditing : undefined}
        onDelete={canEdit ? confirmDelete : undefined}
      />
      <GroupFormModal open={editing !== null} group={editing === 'new' ? undefined : (editing ?? undefined)} onClose={() => setEditing(null)} />
    </div>
  );
}

import { useState } from 'react';
import { App, Button, Result, Space, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { LIMITS } from '@b2b/contracts/limits';
import { ACTION_LABEL, MSG } from '@b2b/contracts/messages';
import { isApiError } from '@/api/api-error';
import { usePartnerInfo } from '@/api/queries/info-queries';
import { useExportGroup, useGroup } from '@/features/clients/api/groups-api';
import { parseEntityId } from '@/features/clients/client-id';
import { GROUP_LIST_DEFAULTS, listRequest } from '@/features/clients/client-list-params';
import { CLIENTS_UI } from '@/features/clients/clients-text';
import { AddClientsModal } from '@/features/clients/components/add-clients-modal';
import { ClientTable } from '@/features/clients/components/client-table';
import { GroupFormModal } from '@/features/clients/components/group-form-modal';
import { ListToolbar } from '@/features/clients/components/list-toolbar';
import { useChangeMembersWithFeedback } from '@/features/clients/components/use-change-members';
import { useConfirmDeleteGroup } from '@/features/clients/components/use-confirm-delete-group';
import { useSession } from '@/shared/auth/session-context';
import { applyPatch, type ListParams, type ListParamsPatch } from '@/shared/list-params/list-params';
import { PageTitle } from '@/shared/ui/page-title';

const GROUP_CLIENTS_DEFAULTS: ListParams = { ...GROUP_LIST_DEFAULTS, sort: 'NAME', order: 'ASC' };

/** /partner/clients/groups/:id; an empty or non-numeric id redirects to the group list. */
export function ClientGroupPage() {
  const groupId = parseEntityId(useParams().id);
  if (groupId === null) return <Navigate to="/partner/clients/groups" replace />;
  return <GroupClients key={groupId} groupId={groupId} />;
}

function GroupClients({ groupId }: { groupId: number }) {
  const { rights } = useSession();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const info = usePartnerInfo();
  const [params, setAll] = useState<ListParams>(GROUP_CLIENTS_DEFAULTS);
  const [selected, setSelected] = useState<number[]>([]);
  const [dialog, setDialog] = useState<'edit' | 'add' | null>(null);
  const group = useGroup(groupId, listRequest(params));
  const exporter = useExportGroup();
  const members = useChangeMembersWithFeedback();
  const confirmDelete = useConfirmDeleteGroup(() => navigate('/partner/clients/groups', { replace: true }));
  const canEdit = !!rights?.editClients;
  const setParams = (patch: ListParamsPatch) => {
    setSelected([]);
    setAll((p) => ({ ...GROUP_CLIENTS_DEFAULTS, ...applyPatch(p, patch) }));
  };

  if (isApiError(group.error) && group.error.status === 404) {
    return (
      <Result
        status="404"
        title={MSG.notFound}
        extra={<Link to="/partner/clients/groups">{CLIENTS_UI.toGroups}</Link>}
        data-testid="group-not-found"
      />
    );
  }
  const g = group.data?.ENTITIES.GROUP;

  const confirmRemove = () => {
    const names = new Map((group.data?.ITEMS ?? []).map((c) => [c.ID, c.NAME]));
    modal.confirm({
      title: CLIENTS_UI.removeFromGroup,
      content: [...selected].map((id) => names.get(id)).join(', '),
      okText: ACTION_LABEL.delete,
      cancelText: ACTION_LABEL.cancel,
      okButtonProps: { danger: true, 'data-testid': 'remove-members-ok' },
      onOk: async () => {
        if (await members.change(groupId, selected, true, names)) setSelected([]);
      },
    });
  };

  return (
    <div data-testid="group-page">
      <Link to="/partner/clients/groups">{CLIENTS_UI.toGroups}</Link>
      <PageTitle>{g ? `${CLIENTS_UI.group} «${g.NAME}»` : '\u00a0'}</PageTitle>
      <Typography.Paragraph type="secondary" data-testid="group-description">
        {g ? g.DESCRIPTION || MSG.noDescription : ''}
      </Typography.Paragraph>
      {canEdit && g && (
        <Space style={{ marginBottom: 16 }} wrap>
          <Button icon={<EditOutlined />} onClick={() => setDialog('edit')} data-testid="group-edit">
            {ACTION_LABEL.edit}
          </Button>
          <Button danger icon={<DeleteOutlined />} onClick={() => confirmDelete(g)} data-testid="group-delete">
            {ACTION_LABEL.delete}
          </Button>
        </Space>
      )}
      <ListToolbar
        testId="group-clients"
        params={params}
        setParams={setParams}
        pageSizes={LIMITS.groupPageSizeChoices}
        periodLabel={CLIENTS_UI.period}
        minDate={info.data?.CLIENT_DATE.MIN_DATE}
        onExport={() => exporter.mutate({ id: groupId, query: listRequest(params) })}
        exporting={exporter.isPending}
      >
        {canEdit && (
          <>
            <Button icon={<PlusOutlined />} onClick={() => setDialog('add')} data-testid="group-add-clients">
              {CLIENTS_UI.addClients}
            </Button>
            <Button danger disabled={!selected.length} onClick={confirmRemove} data-testid="group-remove-clients">
              {CLIENTS_UI.removeFromGroup}
            </Button>
          </>
        )}
      </ListToolbar>
      <ClientTable
        testId="group-clients-table"
        list={group}
        params={params}
        setParams={setParams}
        emptyText={MSG.groupClientsEmpty}
        selection={canEdit ? { keys: selected, onChange: setSelected } : undefined}
        markBlacklisted
      />
      {g && <GroupFormModal open={dialog === 'edit'} group={g} onClose={() => setDialog(null)} />}
      <AddClientsModal groupId={groupId} open={dialog === 'add'} onClose={() => setDialog(null)} />
    </div>
  );
}

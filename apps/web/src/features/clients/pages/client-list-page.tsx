import { useState } from 'react';
import { App, Button } from 'antd';
import { LIMITS } from '@b2b/contracts/limits';
import { ACTION_LABEL, MSG } from '@b2b/contracts/messages';
import { usePartnerInfo } from '@/api/queries/info-queries';
import { useBlacklist, useClientList, useExportClientList } from '@/features/clients/api/clients-api';
import { CLIENT_LIST_COOKIE, CLIENT_LIST_DEFAULTS, CLIENT_LIST_SAVED_KEYS, listRequest } from '@/features/clients/client-list-params';
import { CLIENTS_UI } from '@/features/clients/clients-text';
import { AddToGroupModal } from '@/features/clients/components/add-to-group-modal';
import { ClientTable } from '@/features/clients/components/client-table';
import { ListToolbar } from '@/features/clients/components/list-toolbar';
import { useSession } from '@/shared/auth/session-context';
import type { ListParamsPatch } from '@/shared/list-params/list-params';
import { useListParams } from '@/shared/list-params/use-list-params';
import { notifySuccess } from '@/shared/ui/notify';

/** /partner/clients/active-list (blacklist=N) and /black-list (blacklist=Y). */
export function ClientListPage({ blacklist }: { blacklist: 'Y' | 'N' }) {
  const { rights } = useSession();
  const { modal } = App.useApp();
  const info = usePartnerInfo();
  const { params, setParams } = useListParams(CLIENT_LIST_COOKIE, CLIENT_LIST_DEFAULTS, CLIENT_LIST_SAVED_KEYS);
  const request = listRequest(params, { blacklist });
  const list = useClientList(request);
  const exporter = useExportClientList();
  const block = useBlacklist();
  const [selected, setSelected] = useState<number[]>([]);
  const [grouping, setGrouping] = useState(false);
  const canEdit = !!rights?.editClients;
  const chosen = (list.data?.ITEMS ?? []).filter((c) => selected.includes(c.ID));
  /** Any change of the list (filter, sort, page) clears the selection. */
  const change = (patch: ListParamsPatch) => {
    setSelected([]);
    setParams(patch);
  };

  const confirmBlacklist = () => {
    const toBlock = blacklist === 'N';
    modal.confirm({
      title: toBlock ? CLIENTS_UI.blacklistTitle : CLIENTS_UI.restoreTitle,
      content: (toBlock ? CLIENTS_UI.blacklistConfirm : CLIENTS_UI.restoreConfirm)(selected.length),
      okText: ACTION_LABEL.apply,
      cancelText: ACTION_LABEL.cancel,
      okButtonProps: { 'data-testid': 'blacklist-confirm-ok' },
      onOk: async () => {
        const answer = await block.mutateAsync({ clients: selected, block: toBlock });
        if (answer.MESSAGE) notifySuccess(answer.MESSAGE);
        setSelected([]);
      },
    });
  };

  return (
    <div data-testid={blacklist === 'Y' ? 'black-list' : 'active-list'}>
      <ListToolbar
        testId="clients"
        params={params}
        setParams={change}
        pageSizes={LIMITS.pageSizeChoices}
        periodLabel={CLIENTS_UI.period}
        minDate={info.data?.CLIENT_DATE.MIN_DATE}
        onExport={() => exporter.mutate(request)}
        exporting={exporter.isPending}
        searchPlaceholder={CLIENTS_UI.searchPlaceholder}
      >
        {canEdit && blacklist === 'N' && (
          <Button disabled={!selected.length} onClick={() => setGrouping(true)} data-testid="clients-add-to-group">
            {CLIENTS_UI.addToGroup}
          </Button>
        )}
        {canEdit && (
          <Button danger={blacklist === 'N'} disabled={!selected.length} onClick={confirmBlacklist} data-testid="clients-blacklist">
            {blacklist === 'N' ? CLIENTS_UI.toBlacklist : CLIENTS_UI.restore}
          </Button>
        )}
      </ListToolbar>
      <ClientTable
        testId="clients-table"
        list={list}
        params={params}
        setParams={change}
        emptyText={MSG.clientsEmpty}
        selection={canEdit ? { keys: selected, onChange: setSelected } : undefined}
      />
      <AddToGroupModal
        open={grouping}
        clients={chosen}
        onClose={() => setGrouping(false)}
        onDone={() => {
          setGrouping(false);
          setSelected([]);
        }}
      />
    </div>
  );
}

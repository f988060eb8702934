import { Alert, Table } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ClientListAnswer, ClientListItem } from '@b2b/contracts/clients';
import { errorText } from '@/api/error-text';
import { usePartnerInfo } from '@/api/queries/info-queries';
import { useSession } from '@/shared/auth/session-context';
import { pageOf } from '@/features/clients/client-list-params';
import { clientColumns } from '@/features/clients/components/client-columns';
import { tableChangeToParams } from '@/features/clients/components/table-params';
import type { ListParams, ListParamsPatch } from '@/shared/list-params/list-params';
import { wideTable } from '@/shared/ui/wide-table';

interface Props {
  testId: string;
  /** The client list, or a group's (whose ENTITIES add GROUP). */
  list: UseQueryResult<ClientListAnswer>;
  params: ListParams;
  setParams: (patch: ListParamsPatch) => void;
  emptyText: string;
  selection?: { keys: number[]; onChange: (keys: number[]) => void };
  /** Mark blacklisted clients (a list that mixes them with the others). */
  markBlacklisted?: boolean;
}

/**
 * A page of clients (its load error above it): sorting and paging go to the server through the list params;
 * the loyalty columns show when the partner's programme is on and the role may see them, the price type likewise.
 */
export function ClientTable({ testId, list, params, setParams, emptyText, selection, markBlacklisted }: Props) {
  const limit = Number(params.limit);
  const { rights } = useSession();
  const loyalty = !!usePartnerInfo().data?.LOYALTY_ON && !!rights?.manageLoyaltyClients;
  const priceType = !!rights?.viewPriceTypeClients;
  const data = list.data;
  return (
    <>
      {list.error && <Alert type="error" showIcon title={errorText(list.error)} style={{ marginBottom: 16 }} />}
      <Table<ClientListItem>
        data-testid={testId}
        rowKey="ID"
        size="middle"
        loading={list.isFetching}
        dataSource={data?.ITEMS ?? []}
        {...wideTable(clientColumns({ loyalty, priceType, markBlacklisted, sort: params.sort, order: params.order }))}
        locale={{ emptyText: <span data-testid={`${testId}-empty`}>{emptyText}</span> }}
        onRow={(c) => ({ 'data-testid': `client-row-${c.ID}` }) as React.HTMLAttributes<HTMLElement>}
        rowSelection={
          selection && {
            selectedRowKeys: selection.keys,
            onChange: (keys) => selection.onChange(keys.map(Number)),
            preserveSelectedRowKeys: true,
          }
        }
        pagination={{
          current: pageOf(params),
          pageSize: limit,
          total: data?.NAV.CNT ?? 0,
          showSizeChanger: false,
          hideOnSinglePage: false,
        }}
        onChange={tableChangeToParams<ClientListItem>(limit, setParams)}
      />
    </>
  );
}

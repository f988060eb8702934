import { Alert, Button, Descriptions, Skeleton, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { LIMITS } from '@b2b/contracts/limits';
import { LOYALTY_MSG, LOYALTY_OPERATION_LABEL } from '@b2b/contracts/loyalty';
import type { LoyaltyHistoryEntry } from '@b2b/contracts/orders';
import { isApiError } from '@/api/api-error';
import { errorText } from '@/api/error-text';
import { useClientLoyalty, useConnectClient } from '@/features/clients/api/client-loyalty-api';
import { CLIENTS_UI } from '@/features/clients/clients-text';
import { useClientId } from '@/features/clients/pages/client-card-page';
import { useSession } from '@/shared/auth/session-context';
import { formatDate, formatDateTime } from '@/shared/formatters/format-date';
import { formatPoints } from '@/shared/formatters/format-points';
import { notifyError, notifySuccess } from '@/shared/ui/notify';
import { wideTable } from '@/shared/ui/wide-table';

const NOT_FOUND = 'loyalty_client_not_found';

const historyColumns: TableColumnsType<LoyaltyHistoryEntry> = [
  { key: 'TITLE', title: CLIENTS_UI.historyTitle, dataIndex: 'TITLE' },
  { key: 'OPERATION', title: CLIENTS_UI.historyOperation, render: (_, row) => <Tag>{LOYALTY_OPERATION_LABEL[row.OPERATION]}</Tag> },
  {
    key: 'BONUS_CNT',
    title: CLIENTS_UI.historyPoints,
    align: 'right',
    render: (_, row) => (
      <Typography.Text type={Number(row.BONUS_CNT) < 0 ? 'danger' : 'success'} data-testid="client-loyalty-points">
        {formatPoints(row.BONUS_CNT)}
      </Typography.Text>
    ),
  },
  { key: 'COMMENT', title: CLIENTS_UI.historyComment, render: (_, row) => row.COMMENT ?? '' },
  { key: 'DATE', title: CLIENTS_UI.historyDate, render: (_, row) => formatDateTime(row.DATE) },
  { key: 'DATE_BURN', title: CLIENTS_UI.historyBurn, render: (_, row) => formatDate(row.DATE_BURN) },
];

/**
 * Программа лояльности (back-office.md §2–§4): the member row (taking part, balance, status, card) and its history;
 * a client outside the programme (loyalty_client_not_found) says so, with «Подключить» for a loyalty manager.
 */
export function ClientLoyaltyTab() {
  const clientId = useClientId()!;
  const { rights } = useSession();
  const loyalty = useClientLoyalty(clientId);
  const connect = useConnectClient(clientId);

  const onConnect = async () => {
    try {
      const answer = await connect.mutateAsync();
      notifySuccess(answer.MESSAGE || LOYALTY_MSG.enabled);
    } catch (error) {
      notifyError(errorText(error));
    }
  };

  if (isApiError(loyalty.error) && loyalty.error.kind === 'failure' && NOT_FOUND in loyalty.error.errors) {
    return (
      <div data-testid="client-loyalty" data-member="N">
        <Alert
          type="info"
          showIcon
          title={<span data-testid="client-loyalty-not-found">{LOYALTY_MSG.clientNotFound}</span>}
          action={
            rights?.manageLoyalty && (
              <Button type="primary" loading={connect.isPending} onClick={() => void onConnect()} data-testid="client-loyalty-connect">
                {CLIENTS_UI.loyaltyConnect}
              </Button>
            )
          }
          style={{ maxWidth: 720 }}
        />
      </div>
    );
  }
  if (loyalty.error) return <Alert type="error" showIcon title={errorText(loyalty.error)} data-testid="client-loyalty-error" />;
  if (!loyalty.data) return <Skeleton active />;

  const l = loyalty.data.ITEM;
  const member = l.IS_AVAIL === 'Y';
  return (
    <div data-testid="client-loyalty" data-member={l.IS_AVAIL}>
      <Descriptions bordered column={1} size="small" style={{ maxWidth: 560, marginBottom: 24 }}>
        <Descriptions.Item label={CLIENTS_UI.loyaltyMember}>
          <span data-testid="client-loyalty-avail">{member ? CLIENTS_UI.connected : CLIENTS_UI.notConnected}</span>
        </Descriptions.Item>
        <Descriptions.Item label={CLIENTS_UI.balance}>
          <span data-testid="client-loyalty-balance">{formatPoints(l.BALANCE)}</span>
        </Descriptions.Item>
        <Descriptions.Item label={CLIENTS_UI.loyaltyStatus}>{l.STATUS?.TITLE}</Descriptions.Item>
        <Descriptions.Item label={CLIENTS_UI.statusUntil}>{formatDate(l.DATE_STATUS_END)}</Descriptions.Item>
        <Descriptions.Item label={CLIENTS_UI.cardCode}>{l.CARD_CODE}</Descriptions.Item>
        <Descriptions.Item label={CLIENTS_UI.enabledDate}>{formatDate(l.ENABLED_DATE)}</Descriptions.Item>
      </Descriptions>
      {!member && rights?.manageLoyalty && (
        <Button
          type="primary"
          loading={connect.isPending}
          onClick={() => void onConnect()}
          style={{ marginBottom: 24 }}
          data-testid="client-loyalty-connect"
        >
          {CLIENTS_UI.loyaltyConnect}
        </Button>
      )}
      <Typography.Title level={5}>{CLIENTS_UI.loyaltyHistory}</Typography.Title>
      <Table<LoyaltyHistoryEntry>
        rowKey="ID"
        size="small"
        {...wideTable(historyColumns)}
        dataSource={loyalty.data.HISTORY}
        pagination={{ pageSize: LIMITS.clientOrderListPageSize, hideOnSinglePage: true, showSizeChanger: false }}
        locale={{ emptyText: CLIENTS_UI.loyaltyHistoryEmpty }}
        data-testid="client-loyalty-history"
      />
    </div>
  );
}

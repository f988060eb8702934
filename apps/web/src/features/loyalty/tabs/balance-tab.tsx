import { Alert, Badge, Flex, Typography } from 'antd';
import { errorText } from '@/api/error-text';
import { useLoyaltyBalance } from '@/features/loyalty/api/loyalty-api';
import { BalanceFilters } from '@/features/loyalty/components/balance-filters';
import { BalanceTable } from '@/features/loyalty/components/balance-table';
import { BALANCE_COOKIE, BALANCE_DEFAULTS, BALANCE_SAVED_KEYS, balanceRequest } from '@/features/loyalty/loyalty-list-params';
import { LOYALTY_UI } from '@/features/loyalty/loyalty-text';
import { useListParams } from '@/shared/list-params/use-list-params';

const T = LOYALTY_UI.balance;

/**
 * Управление балансом (shop-pricing-offers-loyalty.md §2, §3): every movement of points, oldest first unless asked,
 * filtered by operation, client and period (kept in the params_loyalty_balance cookie); NAV.NEW_CNT, the
 * movements of the last 24 hours, as a badge.
 */
export function BalanceTab() {
  const { params, setParams } = useListParams(BALANCE_COOKIE, BALANCE_DEFAULTS, BALANCE_SAVED_KEYS);
  const request = balanceRequest(params);
  const list = useLoyaltyBalance(request);
  const nav = list.data?.NAV;
  const rows = list.data?.ITEMS ?? [];
  const clientName = request.client_id ? rows.find((row) => row.CLIENT.ID === request.client_id)?.CLIENT.NAME : undefined;

  return (
    <div data-testid="loyalty-balance">
      <BalanceFilters request={request} clientName={clientName} onChange={setParams} />
      {list.isError ? (
        <Alert type="error" showIcon title={errorText(list.error)} style={{ marginBottom: 12 }} data-testid="balance-error" />
      ) : (
        <Flex gap={12} align="center" style={{ marginBottom: 8 }}>
          <Typography.Text type="secondary" data-testid="balance-found">
            {nav ? T.found(nav.CNT, nav.CNT_ALL) : '\u00a0'}
          </Typography.Text>
          {!!nav?.NEW_CNT && (
            <span data-testid="balance-new-cnt">
              <Badge color="blue" count={T.newBadge(nav.NEW_CNT)} />
            </span>
          )}
        </Flex>
      )}
      <BalanceTable request={request} rows={rows} total={nav?.CNT ?? 0} loading={list.isFetching} onChange={setParams} />
    </div>
  );
}

import { Alert, Flex } from 'antd';
import { useManagerInfo } from '@/api/queries/info-queries';
import { errorText } from '@/api/error-text';
import { PLURAL, countRu } from '@b2b/contracts/plural-ru';
import { CounterCard } from '@/shared/ui/counter-card';
import { PageTitle } from '@/shared/ui/page-title';
import { PAGE_TITLE, UI } from '@/shared/ui-text';

/**
 * /partner/orderlist for a manager: the platform counters, then the orders across partners (`children`: the order
 * list's manager variant, which the route puts here).
 */
export function ManagerOrdersPage({ children }: { children?: React.ReactNode }) {
  const info = useManagerInfo();
  return (
    <div>
      <PageTitle>{PAGE_TITLE.managerOrders}</PageTitle>
      {info.error ? (
        <Alert type="error" showIcon title={errorText(info.error)} data-testid="manager-info-error" />
      ) : (
        <Flex gap={16} wrap style={{ marginBottom: 16 }}>
          <CounterCard
            title={UI.partnerCount}
            value={String(info.data?.PARTNER_COUNT ?? 0)}
            loading={info.isPending}
            testId="manager-partner-count"
          />
          <CounterCard
            title={UI.clientCount}
            value={countRu(info.data?.CLIENT_COUNT ?? 0, PLURAL.client)}
            loading={info.isPending}
            testId="manager-client-count"
          />
          <CounterCard
            title={UI.orderCount}
            value={countRu(info.data?.ORDER_COUNT ?? 0, PLURAL.order)}
            loading={info.isPending}
            testId="manager-order-count"
          />
        </Flex>
      )}
      {children}
    </div>
  );
}

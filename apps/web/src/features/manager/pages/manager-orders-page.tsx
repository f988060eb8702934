import { Alert, Flex } from 'antd';
import { useManagerInfo } from '@/api/queries/info-queries';
import { errorText } from '@/api/error-text';
import { PLURAL, countRu } from '@b2b/contracts/plural-ru';
import { InDevelopment } from '@/shared/ui/in-development';
import { CounterCard } from '@/shared/ui/counter-card';
import { PageTitle } from '@/shared/ui/page-title';
import { PAGE_TITLE, UI } from '@/shared/ui-text';

/** /partner/orderlist for a manager: orders across partners are in development; the platform counters show. */
export function ManagerOrdersPage() {
  const info = useManagerInfo();
  return (
    <div>
      <PageTitle>{PAGE_TITLE.managerOrders}</PageTitle>
      {info.error ? (
        <Alert type="error" showIcon title={errorText(info.error)} data-testid="manager-info-error" />
      ) : (
        <Flex gap={16} wrap>
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
      <InDevelopment title={PAGE_TITLE.managerOrders} heading={false} />
    </div>
  );
}

import { Alert, Flex } from 'antd';
import { usePartnerInfo } from '@/api/queries/info-queries';
import { errorText } from '@/api/error-text';
import { formatDate } from '@/shared/formatters/format-date';
import { PLURAL, countRu } from '@/shared/formatters/plural-ru';
import { InDevelopment } from '@/shared/ui/in-development';
import { CounterCard } from '@/shared/ui/counter-card';
import { PageTitle } from '@/shared/ui/page-title';
import { SECTION_TITLE, UI } from '@/shared/ui-text';

const since = (seconds: number | null | undefined) => (seconds ? `${UI.since} ${formatDate(seconds)}` : undefined);

/** /partner/orderlist for partner staff: the partner's counters until the order list is built. */
export function OrderListPage() {
  const info = usePartnerInfo();
  return (
    <div>
      <PageTitle>{SECTION_TITLE.orders}</PageTitle>
      {info.error ? (
        <Alert type="error" showIcon title={errorText(info.error)} data-testid="partner-info-error" />
      ) : (
        <Flex gap={16} wrap>
          <CounterCard
            title={UI.clientCount}
            value={countRu(info.data?.CLIENT_COUNT ?? 0, PLURAL.client)}
            note={since(info.data?.CLIENT_DATE?.MIN_DATE)}
            loading={info.isPending}
            testId="partner-client-count"
          />
          <CounterCard
            title={UI.orderCount}
            value={countRu(info.data?.ORDER_COUNT ?? 0, PLURAL.order)}
            note={since(info.data?.ORDER_DATE?.MIN_DATE)}
            loading={info.isPending}
            testId="partner-order-count"
          />
        </Flex>
      )}
      <InDevelopment title={SECTION_TITLE.orders} heading={false} />
    </div>
  );
}

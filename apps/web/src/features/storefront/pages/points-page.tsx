import { Alert, Card, Flex, Skeleton, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useSearchParams } from 'react-router';
import { LOYALTY_OPERATION_LABEL } from '@b2b/contracts/loyalty';
import type { LoyaltyHistoryEntry } from '@b2b/contracts/orders';
import { errorText } from '@/api/error-text';
import { POINTS_PAGE_SIZE, useBuyerPoints } from '@/features/storefront/api/storefront-api';
import { useShop } from '@/features/storefront/shop-context';
import { SHOP_UI } from '@/features/storefront/shop-text';
import { formatDate, formatDateTime } from '@/shared/formatters/format-date';
import { formatPoints } from '@/shared/formatters/format-points';

const L = SHOP_UI.loyalty;

function Figure({ title, value, testId, extra }: { title: string; value: string; testId: string; extra?: React.ReactNode }) {
  return (
    <Card size="small" style={{ flex: '1 1 200px' }} data-testid={testId} data-value={value}>
      <Typography.Text type="secondary">{title}</Typography.Text>
      <div style={{ fontSize: 22, fontWeight: 600, whiteSpace: 'nowrap' }}>{formatPoints(value)}</div>
      {extra}
    </Card>
  );
}

const columns: TableColumnsType<LoyaltyHistoryEntry> = [
  { title: L.date, key: 'DATE', render: (_, r) => formatDateTime(r.DATE) },
  { title: L.operation, key: 'OPERATION', render: (_, r) => <Tag>{LOYALTY_OPERATION_LABEL[r.OPERATION]}</Tag> },
  {
    title: L.what,
    key: 'TITLE',
    render: (_, r) => (
      <Flex vertical>
        <span>{r.TITLE}</span>
        {r.COMMENT && <Typography.Text type="secondary">{r.COMMENT}</Typography.Text>}
      </Flex>
    ),
  },
  {
    title: L.points,
    key: 'BONUS_CNT',
    align: 'right',
    render: (_, r) => (
      <Typography.Text type={Number(r.BONUS_CNT) < 0 ? 'danger' : 'success'} style={{ whiteSpace: 'nowrap' }} data-testid="points-row-points">
        {Number(r.BONUS_CNT) > 0 ? '+' : ''}
        {formatPoints(r.BONUS_CNT)}
      </Typography.Text>
    ),
  },
  { title: L.burnDate, key: 'DATE_BURN', render: (_, r) => (r.DATE_BURN === null ? '—' : formatDate(r.DATE_BURN)) },
];

/**
 * /shop/{link}/points, opened from the header's points (issue 39 §4): the buyer's balance, what it earned, spent
 * and what burns soon (each date with its points), and its history newest first, page by page.
 */
export function PointsPage() {
  const { link } = useShop();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const points = useBuyerPoints(link, page);
  const data = points.data && 'BALANCE' in points.data ? points.data : undefined;

  return (
    <Flex vertical gap={12} data-testid="points-page">
      <Typography.Title level={3} style={{ margin: 0 }} data-testid="page-title">
        {L.title}
        {data?.TITLE && (
          <Typography.Text type="secondary" style={{ fontSize: 16, fontWeight: 400, marginInlineStart: 12 }}>
            {data.TITLE}
          </Typography.Text>
        )}
      </Typography.Title>
      {points.isError && <Alert type="info" showIcon title={errorText(points.error)} data-testid="points-error" />}
      {!data && points.isPending && <Skeleton active />}
      {data && (
        <>
          <Flex gap={12} wrap>
            <Figure title={L.balance} value={data.BALANCE} testId="points-balance" />
            <Figure title={L.earned} value={data.EARNED} testId="points-earned" />
            <Figure
              title={L.spent}
              value={data.SPENT}
              testId="points-spent"
              extra={
                Number(data.BURNED) > 0 && (
                  <Typography.Text type="secondary" data-testid="points-burned" data-value={data.BURNED}>
                    {L.burned}: {formatPoints(data.BURNED)}
                  </Typography.Text>
                )
              }
            />
            <Figure
              title={L.burnSoon(data.BURN_SOON.DAYS)}
              value={data.BURN_SOON.BONUS_CNT}
              testId="points-burn-soon"
              extra={
                data.BURN_SOON.DATES.length ? (
                  <Flex vertical>
                    {data.BURN_SOON.DATES.map((d) => (
                      <Typography.Text type="warning" key={d.DATE_BURN} data-testid="points-burn-date">
                        {formatPoints(d.BONUS_CNT)} {L.burnOn} {formatDate(d.DATE_BURN)}
                      </Typography.Text>
                    ))}
                  </Flex>
                ) : (
                  <Typography.Text type="secondary">{L.nothingBurns}</Typography.Text>
                )
              }
            />
          </Flex>
          <Typography.Title level={4} style={{ margin: '12px 0 0' }}>
            {L.history}
          </Typography.Title>
          <div style={{ background: '#fff', borderRadius: 8 }} data-testid="points-history" data-loading={points.isFetching ? 'true' : 'false'}>
            <Table<LoyaltyHistoryEntry>
              rowKey="ID"
              size="middle"
              columns={columns}
              dataSource={data.ITEMS}
              loading={points.isFetching}
              scroll={{ x: 'max-content' }}
              onRow={(r) => ({ 'data-testid': 'points-row', 'data-id': r.ID, 'data-points': r.BONUS_CNT }) as React.HTMLAttributes<HTMLElement>}
              locale={{ emptyText: <span data-testid="points-empty">{L.empty}</span> }}
              pagination={{
                current: page,
                pageSize: POINTS_PAGE_SIZE,
                total: data.NAV.CNT,
                hideOnSinglePage: true,
                showSizeChanger: false,
                onChange: (next) => setParams(next > 1 ? { page: String(next) } : {}),
              }}
            />
          </div>
        </>
      )}
    </Flex>
  );
}

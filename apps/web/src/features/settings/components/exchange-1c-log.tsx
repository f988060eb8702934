import { useState } from 'react';
import { Alert, Card, Progress, Space, Table, Tag, Typography } from 'antd';
import { EXCHANGE_1C_LIMITS, type Exchange1cRun } from '@b2b/contracts/exchange-1c';
import { errorText } from '@/api/error-text';
import { exchange1cKeys, useExchange1cLog } from '@/features/settings/api/exchange-1c-api';
import { EXCHANGE_1C_TEXT as T, runKindLabel } from '@/features/settings/exchange-1c-text';
import { formatDateTime } from '@/shared/formatters/format-date';
import { formatCount } from '@/shared/formatters/format-number';
import { RefreshButton } from '@/shared/ui/refresh-button';

const PAGE_SIZE = EXCHANGE_1C_LIMITS.logPageSize;

/** A figure of a run: its cell carries the number as data-value. */
const count = (n: number, col: string) => (
  <span data-col={col} data-value={n}>
    {n ? formatCount(n) : '—'}
  </span>
);

function RunResult({ run }: { run: Exchange1cRun }) {
  if (run.STATUS === 'RUNNING') {
    return (
      <div style={{ minWidth: 180 }} data-testid="run-progress">
        <Progress percent={run.PROGRESS} size="small" status="active" />
        <Typography.Text type="secondary">{run.PROGRESS_TEXT ?? T.running}</Typography.Text>
      </div>
    );
  }
  return (
    <Space orientation="vertical" size={0}>
      {run.STATUS === 'SUCCESS' ? <Tag color="success">{T.success}</Tag> : <Tag color="error">{T.failure}</Tag>}
      {run.STATUS === 'FAILURE' && run.ERRORS[0] && <Typography.Text type="danger">{run.ERRORS[0]}</Typography.Text>}
      {run.ROWS_REFUSED > 0 && <Typography.Text type="warning">{T.rowsRefused(run.ROWS_REFUSED)}</Typography.Text>}
    </Space>
  );
}

/** What a run could not match and what it said, under its row. */
function RunDetails({ run }: { run: Exchange1cRun }) {
  const more = (shown: number, total: number) => total > shown && <Typography.Text type="secondary">{T.moreItems(total - shown)}</Typography.Text>;
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="run-details">
      {run.UNMATCHED.length > 0 && (
        <div>
          <Typography.Text strong>{T.unmatchedTitle}</Typography.Text>
          <ul style={{ margin: 0 }}>
            {run.UNMATCHED.map((u) => (
              <li key={u.ID}>{[u.ID, u.CODE, u.NAME].filter(Boolean).join(' · ')}</li>
            ))}
          </ul>
          {more(run.UNMATCHED.length, run.UNMATCHED_COUNT)}
        </div>
      )}
      {run.ERRORS.length > 0 && (
        <div>
          <Typography.Text strong>{T.errorsTitle}</Typography.Text>
          <ul style={{ margin: 0 }}>
            {run.ERRORS.map((e, i) => (
              <li key={i}>{e}</li>
            ))}
          </ul>
        </div>
      )}
    </Space>
  );
}

/** «Журнал обмена»: every exchange, newest first, paged; read again every 2 s while a run of the page runs. */
export function Exchange1cLog() {
  const [page, setPage] = useState(1);
  const log = useExchange1cLog((page - 1) * PAGE_SIZE);
  return (
    <Card title={T.log} size="small" extra={<RefreshButton queryKey={exchange1cKeys.log((page - 1) * PAGE_SIZE)} testId="exchange-log-refresh" />}>
      {log.error ? (
        <Alert type="error" showIcon title={errorText(log.error)} />
      ) : (
        <Table<Exchange1cRun>
          data-testid="exchange-log"
          rowKey="ID"
          size="small"
          loading={log.isPending}
          dataSource={log.data?.ITEMS ?? []}
          locale={{ emptyText: <span data-testid="exchange-log-empty">{T.logEmpty}</span> }}
          onRow={(run) => ({ 'data-testid': 'exchange-run', 'data-status': run.STATUS }) as React.HTMLAttributes<HTMLElement>}
          expandable={{
            rowExpandable: (run) => run.UNMATCHED.length > 0 || run.ERRORS.length > 0,
            expandedRowRender: (run) => <RunDetails run={run} />,
          }}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: log.data?.NAV.CNT ?? 0,
            onChange: setPage,
            showSizeChanger: false,
            hideOnSinglePage: true,
          }}
          scroll={{ x: 960 }}
          columns={[
            { key: 'date', title: T.columnDate, render: (_, run) => formatDateTime(run.STARTED_AT) },
            { key: 'type', title: T.columnType, render: (_, run) => runKindLabel(run) },
            {
              key: 'files',
              title: T.columnFiles,
              render: (_, run) => (run.FILES.length ? run.FILES.map((f) => f.NAME).join(', ') : (run.FILENAME ?? '—')),
            },
            { key: 'products', title: T.columnProducts, align: 'right', render: (_, run) => count(run.PRODUCTS_MATCHED, 'products') },
            { key: 'prices', title: T.columnPrices, align: 'right', render: (_, run) => count(run.PRICES, 'prices') },
            { key: 'stock', title: T.columnStock, align: 'right', render: (_, run) => count(run.STOCK_ROWS, 'stock') },
            { key: 'orders', title: T.columnOrders, align: 'right', render: (_, run) => count(run.ORDERS_SENT + run.ORDERS_UPDATED, 'orders') },
            { key: 'unmatched', title: T.columnUnmatched, align: 'right', render: (_, run) => count(run.UNMATCHED_COUNT, 'unmatched') },
            { key: 'result', title: T.columnResult, render: (_, run) => <RunResult run={run} /> },
          ]}
        />
      )}
    </Card>
  );
}

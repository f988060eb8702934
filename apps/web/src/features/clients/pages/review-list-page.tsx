import { useState } from 'react';
import { Alert, Table, Typography } from 'antd';
import { Link } from 'react-router';
import { useReviews } from '@/features/clients/api/reviews-api';
import { CLIENTS_UI } from '@/features/clients/clients-text';
import { formatDateTime } from '@/shared/formatters/format-date';
import { errorText } from '@/api/error-text';

const PAGE_SIZE = 24;

/** /partner/clients/reviews: what buyers wrote from the shop (each review also reached the shop's e-mail). */
export function ReviewListPage() {
  const [page, setPage] = useState(1);
  const reviews = useReviews(page, PAGE_SIZE);
  if (reviews.error) return <Alert type="error" showIcon title={errorText(reviews.error)} />;
  return (
    <Table
      data-testid="review-table"
      rowKey="ID"
      size="middle"
      loading={reviews.isFetching}
      dataSource={reviews.data?.ITEMS ?? []}
      locale={{ emptyText: <span data-testid="reviews-empty">{CLIENTS_UI.reviewsEmpty}</span> }}
      pagination={{ current: page, pageSize: PAGE_SIZE, total: reviews.data?.NAV.CNT ?? 0, onChange: setPage, showSizeChanger: false }}
      onRow={() => ({ 'data-testid': 'review-row' }) as React.HTMLAttributes<HTMLElement>}
      columns={[
        { key: 'date', title: CLIENTS_UI.reviewDate, width: 160, render: (_, r) => formatDateTime(r.DATE) },
        {
          key: 'client',
          title: CLIENTS_UI.reviewClient,
          width: 260,
          render: (_, r) => (r.CLIENT ? <Link to={`/partner/clients/${r.CLIENT.ID}`}>{r.CLIENT.NAME}</Link> : '—'),
        },
        { key: 'author', title: CLIENTS_UI.reviewAuthor, width: 200, dataIndex: 'AUTHOR' },
        {
          key: 'text',
          title: CLIENTS_UI.reviewText,
          render: (_, r) => (
            <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-line' }} data-testid="review-text">
              {r.TEXT}
            </Typography.Paragraph>
          ),
        },
      ]}
    />
  );
}

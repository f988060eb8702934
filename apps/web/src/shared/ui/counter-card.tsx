import { Card, Skeleton, Typography } from 'antd';

/** One big figure on a dashboard: "12 клиентов", with an optional note under it. */
export function CounterCard({
  title,
  value,
  note,
  loading,
  testId,
}: {
  title: string;
  value: string;
  note?: string;
  loading?: boolean;
  testId: string;
}) {
  return (
    <Card size="small" title={title} style={{ minWidth: 220 }}>
      {loading ? (
        <Skeleton active paragraph={false} />
      ) : (
        <>
          <Typography.Title level={3} style={{ margin: 0 }} data-testid={testId}>
            {value}
          </Typography.Title>
          {note && <Typography.Text type="secondary">{note}</Typography.Text>}
        </>
      )}
    </Card>
  );
}

import { Typography } from 'antd';

export function PageTitle({ children }: { children: React.ReactNode }) {
  return (
    <Typography.Title level={3} style={{ marginTop: 0 }} data-testid="page-title">
      {children}
    </Typography.Title>
  );
}

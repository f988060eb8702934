import { Alert, Spin } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';
import { MSG } from '@b2b/contracts/messages';
import { errorText } from '@/api/error-text';

/** The loading and failed states of a settings tab; the tab itself once the data is there. */
export function SettingsLoader<T>({ query, children }: { query: UseQueryResult<T>; children: (data: T) => React.ReactNode }) {
  if (query.isPending)
    return (
      <Spin tip={MSG.loading}>
        <div style={{ minHeight: 120 }} />
      </Spin>
    );
  if (query.isError) return <Alert type="error" showIcon title={errorText(query.error)} />;
  return <>{children(query.data)}</>;
}

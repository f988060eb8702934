import { Button, Result } from 'antd';
import { UI } from '@/shared/ui-text';

/** The session could not be checked (the server is unreachable…): the reason and a retry. */
export function SessionFailed({ error, onRetry }: { error: string; onRetry: () => void }) {
  return (
    <Result
      status="warning"
      title={error}
      data-testid="session-error"
      extra={
        <Button type="primary" onClick={onRetry}>
          {UI.retry}
        </Button>
      }
    />
  );
}

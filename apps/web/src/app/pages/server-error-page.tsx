import { Button, Result } from 'antd';
import { MSG } from '@b2b/contracts/messages';
import { UI } from '@/shared/ui-text';

/** /server-error. */
export function ServerErrorPage() {
  return (
    <Result
      status="500"
      title={MSG.serverErrorPage}
      data-testid="server-error"
      extra={
        <Button type="primary" href="/">
          {UI.toHome}
        </Button>
      }
    />
  );
}

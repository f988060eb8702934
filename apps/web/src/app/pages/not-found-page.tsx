import { Button, Result } from 'antd';
import { Link } from 'react-router';
import { MSG } from '@b2b/contracts/messages';
import { UI } from '@/shared/ui-text';

export function NotFoundPage() {
  return (
    <Result
      status="404"
      title="404"
      subTitle={MSG.pageNotFound}
      data-testid="not-found"
      extra={
        <Link to="/" data-testid="not-found-home">
          <Button type="primary">{UI.toHome}</Button>
        </Link>
      }
    />
  );
}

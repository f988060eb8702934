import { Button, Result } from 'antd';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { MSG } from '@b2b/contracts/messages';
import { NotFoundPage } from '@/app/pages/not-found-page';
import { UI } from '@/shared/ui-text';

/** A page that failed to render: the error is logged and the user may reload. */
export function RouteErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  console.error(error);
  return (
    <Result
      status="500"
      title={MSG.serverErrorPage}
      data-testid="route-error"
      extra={
        <Button type="primary" onClick={() => location.reload()}>
          {UI.reload}
        </Button>
      }
    />
  );
}

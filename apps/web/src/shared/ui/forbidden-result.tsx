import { Button, Result } from 'antd';
import { Link } from 'react-router';
import { MSG } from '@b2b/contracts/messages';
import { UI } from '@/shared/ui-text';

/** A section outside the user's rights: "Недостаточно прав для выполнения действия", once on the page. */
export function ForbiddenResult() {
  return (
    <Result
      status="403"
      title={MSG.forbidden}
      data-testid="forbidden"
      extra={
        <Link to="/">
          <Button type="primary">{UI.toHome}</Button>
        </Link>
      }
    />
  );
}

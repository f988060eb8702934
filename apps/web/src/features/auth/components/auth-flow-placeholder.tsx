import { Button, Result } from 'antd';
import { Link } from 'react-router';
import { MSG } from '@b2b/contracts/messages';
import { UI } from '@/shared/ui-text';

/**
 * Registration and password recovery are built in a later issue; the recovery step will read email and
 * user_checkword from the query. Until then the flow says it is coming.
 */
export function AuthFlowPlaceholder({ title }: { title: string }) {
  return (
    <Result
      status="info"
      title={title}
      subTitle={MSG.sectionInDevelopment}
      data-testid="auth-flow-in-development"
      extra={
        <Link to="/login">
          <Button>{UI.backToSignIn}</Button>
        </Link>
      }
    />
  );
}

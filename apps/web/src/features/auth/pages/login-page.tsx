import { Card, Flex } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { AuthFlowPlaceholder } from '@/features/auth/components/auth-flow-placeholder';
import { LoginForm } from '@/features/auth/components/login-form';
import { PAGE_TITLE, UI } from '@/shared/ui-text';

/** /login: sign-in; ?mode=register and ?mode=recovery (or a recovery link with email and user_checkword) later. */
export function LoginPage() {
  const [params] = useSearchParams();
  const recovery = params.get('mode') === 'recovery' || (params.has('email') && params.has('user_checkword'));
  const register = params.get('mode') === 'register';

  return (
    <Flex justify="center" align="center" style={{ minHeight: '100vh', padding: 16, background: '#f5f5f5' }}>
      <Card title={recovery ? PAGE_TITLE.recovery : register ? PAGE_TITLE.register : PAGE_TITLE.login} style={{ width: 400 }}>
        {recovery ? (
          <AuthFlowPlaceholder title={PAGE_TITLE.recovery} />
        ) : register ? (
          <AuthFlowPlaceholder title={PAGE_TITLE.register} />
        ) : (
          <>
            <LoginForm />
            <Flex justify="space-between" style={{ marginTop: 16 }}>
              <Link to="/login?mode=register" data-testid="login-register-link">
                {UI.register}
              </Link>
              <Link to="/login?mode=recovery" data-testid="login-recovery-link">
                {UI.forgotPassword}
              </Link>
            </Flex>
          </>
        )}
      </Card>
    </Flex>
  );
}

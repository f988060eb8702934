import { Flex } from 'antd';
import { Link, useLocation, useSearchParams } from 'react-router';
import { linkParams, loginHref, loginStep } from '@/features/auth/account-flow';
import { AUTH_UI } from '@/features/auth/auth-text';
import { ConfirmRegistration } from '@/features/auth/components/confirm-registration';
import { LoginForm } from '@/features/auth/components/login-form';
import { LoginMessage, noticeFrom } from '@/features/auth/components/login-message';
import { RecoveryRequestForm } from '@/features/auth/components/recovery-request-form';
import { RegisterForm } from '@/features/auth/components/register-form';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';
import { SetPasswordForm } from '@/features/auth/components/set-password-form';
import { useSession } from '@/shared/auth/session-context';
import { UI } from '@/shared/ui-text';
import { Panel } from '@/shared/ui/panel';

/**
 * /login: sign-in, registration (?mode=register, the shop from ?domain), password recovery (?mode=recovery, then
 * the e-mailed link with email and user_checkword), the registration confirmation link (?confirm=Y…), and the
 * password a signed-in user without one (isUserWithoutPassword) must set (back-office.md §2, §4 Session).
 */
export function LoginPage() {
  const session = useSession();
  const [params] = useSearchParams();
  const notice = noticeFrom(useLocation().state);
  const step = loginStep(params, { signedIn: session.kind !== 'guest', withoutPassword: session.check.isUserWithoutPassword });
  const link = linkParams(params);
  const back = (
    <Flex justify="center" style={{ marginTop: 16 }}>
      <Link to={loginHref(null, params)} data-testid="login-back-link">
        {UI.backToSignIn}
      </Link>
    </Flex>
  );

  let body: React.ReactNode;
  switch (step) {
    case 'confirm':
      body = link && <ConfirmRegistration link={link} />;
      break;
    case 'set-password':
    case 'change-password':
      body = <SetPasswordForm withCurrent={step === 'change-password'} notice={notice} />;
      break;
    case 'reset':
      body = link && (
        <>
          <ResetPasswordForm link={link} />
          {back}
        </>
      );
      break;
    case 'recovery':
      body = (
        <>
          <RecoveryRequestForm />
          {back}
        </>
      );
      break;
    case 'register':
      body = (
        <>
          <RegisterForm />
          {back}
        </>
      );
      break;
    default:
      body = (
        <>
          {notice && <LoginMessage notice={notice} />}
          <LoginForm initialEmail={notice?.email} />
          <Flex justify="space-between" style={{ marginTop: 16 }}>
            <Link to={loginHref('register', params)} data-testid="login-register-link">
              {UI.register}
            </Link>
            <Link to={loginHref('recovery', params)} data-testid="login-recovery-link">
              {UI.forgotPassword}
            </Link>
          </Flex>
        </>
      );
  }

  return (
    <Flex justify="center" align="center" style={{ minHeight: '100vh', padding: 16, background: '#f5f5f5' }}>
      <Panel title={AUTH_UI.titles[step]} width={step === 'register' ? 480 : 400} testId={`login-step-${step}`}>
        {body}
      </Panel>
    </Flex>
  );
}

import { useEffect, useRef, useState } from 'react';
import { App, Button, Flex, Spin } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ACCOUNT_MSG } from '@b2b/contracts/auth';
import { errorText } from '@/api/error-text';
import { useConfirmRegistration } from '@/features/auth/api/account-api';
import { loginHref, type LinkParams } from '@/features/auth/account-flow';
import { AUTH_UI } from '@/features/auth/auth-text';
import { LoginMessage, noticeState, type LoginNotice } from '@/features/auth/components/login-message';
import { useSession } from '@/shared/auth/session-context';

/**
 * The confirmation link of a registration (/login?confirm=Y&email=…&user_checkword=…&domain=…): PUT
 * /v1/login/confirm/ once, keep the tokens it answers with, then set a password when the user registered without
 * one (isUserWithoutPassword), else go to "/".
 */
export function ConfirmRegistration({ link }: { link: LinkParams }) {
  const confirm = useConfirmRegistration();
  const session = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { message } = App.useApp();
  const [failure, setFailure] = useState<LoginNotice | null>(null);
  const started = useRef(false);

  useEffect(() => {
    // A check word works once: never send it twice (StrictMode runs effects twice in development).
    if (started.current) return;
    started.current = true;
    confirm.mutateAsync(link).then(
      async (answer) => {
        const text = answer.MESSAGE ?? ACCOUNT_MSG.emailConfirmed;
        await session.reload();
        if (answer.isUserWithoutPassword) {
          void navigate('/login', { replace: true, state: noticeState({ type: 'success', text }) });
        } else {
          void message.success(text);
          void navigate('/', { replace: true });
        }
      },
      (error: unknown) => setFailure({ type: 'error', text: errorText(error, 'login') }),
    );
  }, [confirm, link, session, navigate, message]);

  if (failure) {
    return (
      <>
        <LoginMessage notice={failure} />
        <Link to={loginHref(null, params)}>
          <Button block>{AUTH_UI.backToSignIn}</Button>
        </Link>
      </>
    );
  }
  return (
    <Flex justify="center" style={{ padding: 24 }}>
      <Spin description={AUTH_UI.confirming} data-testid="confirm-pending" />
    </Flex>
  );
}

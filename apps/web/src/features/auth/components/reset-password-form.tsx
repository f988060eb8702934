import { useState } from 'react';
import { Button, Form, Typography } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ACCOUNT_MSG } from '@b2b/contracts/auth';
import { isApiError } from '@/api/api-error';
import { useResetPassword } from '@/features/auth/api/account-api';
import { loginHref, type LinkParams } from '@/features/auth/account-flow';
import { AUTH_UI } from '@/features/auth/auth-text';
import { LoginMessage, noticeState, type LoginNotice } from '@/features/auth/components/login-message';
import { failureNotice } from '@/shared/account/account-failure';
import { NewPasswordFields, type NewPasswordValues } from '@/shared/account/account-fields';
import { ACCOUNT_UI } from '@/shared/account/account-text';

/**
 * The recovery step: the link's email and user_checkword with a new password (reset_password). The link works
 * once; an invalid, expired or used one is refused (ACCOUNT_MSG.checkwordInvalid) with a way to ask for a new one.
 * On success the sign-in form opens with the server's message.
 */
export function ResetPasswordForm({ link }: { link: LinkParams }) {
  const [form] = Form.useForm<NewPasswordValues>();
  const reset = useResetPassword();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [notice, setNotice] = useState<(LoginNotice & { badLink?: boolean }) | null>(null);

  const submit = async (values: NewPasswordValues) => {
    setNotice(null);
    try {
      const answer = await reset.mutateAsync({ link, password: values.password, repeat: values.confirm_password });
      void navigate(loginHref(null, params), {
        replace: true,
        state: noticeState({ type: 'success', text: answer.MESSAGE ?? ACCOUNT_MSG.passwordChanged, email: link.email }),
      });
    } catch (error) {
      const shown = failureNotice(error, ['password', 'confirm_password'], form);
      const badLink = isApiError(error) && error.kind === 'failure' && 'user_checkword' in error.errors;
      setNotice(shown && { ...shown, badLink });
    }
  };

  return (
    <>
      {notice && (
        <LoginMessage
          notice={notice}
          action={
            notice.badLink ? (
              <Link to={loginHref('recovery', params)} data-testid="reset-request-new-link">
                {AUTH_UI.requestNewLink}
              </Link>
            ) : undefined
          }
        />
      )}
      <Typography.Paragraph>
        {AUTH_UI.resetFor} <strong data-testid="reset-email">{link.email}</strong>
      </Typography.Paragraph>
      <Form<NewPasswordValues> form={form} layout="vertical" requiredMark={false} onFinish={submit} disabled={reset.isPending}>
        <NewPasswordFields testId="reset-password" />
        <Button type="primary" htmlType="submit" block loading={reset.isPending} data-testid="reset-submit">
          {ACCOUNT_UI.savePassword}
        </Button>
      </Form>
    </>
  );
}

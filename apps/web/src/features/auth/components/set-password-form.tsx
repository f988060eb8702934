import { useState } from 'react';
import { App, Button, Form, Input, Typography } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { useNavigate, useSearchParams } from 'react-router';
import { ACCOUNT_MSG } from '@b2b/contracts/auth';
import { MSG } from '@b2b/contracts/messages';
import { useChangePassword } from '@/features/auth/api/account-api';
import { AUTH_UI } from '@/features/auth/auth-text';
import { LoginMessage, type LoginNotice } from '@/features/auth/components/login-message';
import { failureNotice } from '@/shared/account/account-failure';
import { NewPasswordFields, type NewPasswordValues } from '@/shared/account/account-fields';
import { ACCOUNT_UI } from '@/shared/account/account-text';
import { safeBackUrl } from '@/shared/auth/back-url';
import { useSession } from '@/shared/auth/session-context';

type Values = NewPasswordValues & { current_password?: string };

/**
 * change_password for the signed-in user. A user without a password (isUserWithoutPassword) sets one here
 * instead of signing in; a user with one gives the current password too. Afterwards the session is read again
 * and the user goes on to back_url or "/".
 */
export function SetPasswordForm({ withCurrent, notice: initialNotice }: { withCurrent: boolean; notice?: LoginNotice | null }) {
  const [form] = Form.useForm<Values>();
  const change = useChangePassword();
  const session = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { message } = App.useApp();
  const [notice, setNotice] = useState<LoginNotice | null>(initialNotice ?? null);
  const [leaving, setLeaving] = useState(false);

  const submit = async (values: Values) => {
    setNotice(null);
    try {
      const answer = await change.mutateAsync({
        password: values.password,
        repeat: values.confirm_password,
        current: withCurrent ? values.current_password : undefined,
      });
      void message.success(answer.MESSAGE ?? ACCOUNT_MSG.passwordChanged);
      await session.reload();
      void navigate(safeBackUrl(params.get('back_url')) ?? '/', { replace: true });
    } catch (error) {
      setNotice(failureNotice(error, ['password', 'confirm_password', 'current_password'], form));
    }
  };

  return (
    <>
      {notice && <LoginMessage notice={notice} />}
      {!withCurrent && (
        <Typography.Paragraph data-testid="set-password-hint">
          {MSG.passwordNotSet}
          {session.user?.EMAIL && (
            <>
              : <strong>{session.user.EMAIL}</strong>
            </>
          )}
        </Typography.Paragraph>
      )}
      <Form<Values> form={form} layout="vertical" requiredMark={false} onFinish={submit} disabled={change.isPending} data-testid="set-password-form">
        {withCurrent && (
          <Form.Item label={AUTH_UI.currentPassword} name="current_password" rules={[{ required: true, message: MSG.loginPasswordRequired }]}>
            <Input.Password prefix={<LockOutlined />} autoComplete="current-password" data-testid="current-password" />
          </Form.Item>
        )}
        <NewPasswordFields testId="set-password" />
        <Button type="primary" htmlType="submit" block loading={change.isPending} data-testid="set-password-submit">
          {ACCOUNT_UI.savePassword}
        </Button>
      </Form>
      <Button
        type="link"
        block
        loading={leaving}
        style={{ marginTop: 8 }}
        onClick={() => {
          setLeaving(true);
          void session.signOut();
        }}
        data-testid="set-password-other-account"
      >
        {AUTH_UI.otherAccount}
      </Button>
    </>
  );
}

import { useState } from 'react';
import { Alert, Button, Form, Input } from 'antd';
import { LockOutlined, MailOutlined } from '@ant-design/icons';
import { useNavigate, useSearchParams } from 'react-router';
import { MSG } from '@b2b/contracts/messages';
import { errorText } from '@/api/error-text';
import { safeBackUrl } from '@/shared/auth/back-url';
import { useSession } from '@/shared/auth/session-context';
import { UI } from '@/shared/ui-text';

interface LoginValues {
  email: string;
  password: string;
}

/** Sign-in by e-mail and password; afterwards goes to back_url or "/". */
export function LoginForm({ initialEmail }: { initialEmail?: string }) {
  const { signIn } = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const submit = async ({ email, password }: LoginValues) => {
    setError(null);
    setSubmitting(true);
    try {
      await signIn(email.trim(), password);
      void navigate(safeBackUrl(params.get('back_url')) ?? '/', { replace: true });
    } catch (failure) {
      setError(errorText(failure, 'login'));
      setSubmitting(false);
    }
  };

  return (
    <Form<LoginValues>
      layout="vertical"
      requiredMark={false}
      onFinish={submit}
      disabled={submitting}
      initialValues={{ email: initialEmail ?? '' }}
      data-testid="login-form"
    >
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="login-error" />}
      <Form.Item label={UI.email} name="email" rules={[{ required: true, whitespace: true, message: MSG.loginEmailRequired }]}>
        <Input prefix={<MailOutlined />} autoComplete="username" inputMode="email" autoFocus={!initialEmail} data-testid="login-email" />
      </Form.Item>
      <Form.Item label={UI.password} name="password" rules={[{ required: true, message: MSG.loginPasswordRequired }]}>
        <Input.Password prefix={<LockOutlined />} autoComplete="current-password" autoFocus={!!initialEmail} data-testid="login-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={submitting} data-testid="login-submit">
        {UI.signIn}
      </Button>
    </Form>
  );
}

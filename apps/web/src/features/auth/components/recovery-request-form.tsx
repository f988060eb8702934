import { useState } from 'react';
import { Button, Form, Input, Typography } from 'antd';
import { MailOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import { ACCOUNT_MSG } from '@b2b/contracts/auth';
import { isApiError } from '@/api/api-error';
import { errorText } from '@/api/error-text';
import { useRequestRecovery } from '@/features/auth/api/account-api';
import { emailError } from '@/features/auth/account-flow';
import { AUTH_UI } from '@/features/auth/auth-text';
import { LoginMessage, type LoginNotice } from '@/features/auth/components/login-message';
import { UI } from '@/shared/ui-text';

/** «Забыли пароль?»: the e-mail gets a recovery link (validation_reset); the answer never tells whether it exists. */
export function RecoveryRequestForm() {
  const [form] = Form.useForm<{ email: string }>();
  const [params] = useSearchParams();
  const recovery = useRequestRecovery();
  const [notice, setNotice] = useState<LoginNotice | null>(null);

  const submit = async ({ email }: { email: string }) => {
    setNotice(null);
    try {
      const answer = await recovery.mutateAsync({ email: email.trim(), domain: params.get('domain') ?? undefined });
      setNotice({ type: 'success', text: answer.MESSAGE ?? ACCOUNT_MSG.recoverySent });
    } catch (error) {
      const fieldError = isApiError(error) && error.kind === 'failure' ? error.errors.email : undefined;
      if (fieldError) form.setFields([{ name: 'email', errors: [fieldError] }]);
      else setNotice({ type: 'error', text: errorText(error, 'login') });
    }
  };

  if (notice?.type === 'success') return <LoginMessage notice={notice} />;
  return (
    <>
      {notice && <LoginMessage notice={notice} />}
      <Typography.Paragraph type="secondary">{AUTH_UI.recoveryHint}</Typography.Paragraph>
      <Form<{ email: string }>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={submit}
        disabled={recovery.isPending}
        initialValues={{ email: params.get('email') ?? '' }}
        data-testid="recovery-form"
      >
        <Form.Item
          label={UI.email}
          name="email"
          rules={[
            {
              validator: async (_, value: string | undefined) => {
                const message = emailError(value);
                if (message) throw new Error(message);
              },
            },
          ]}
        >
          <Input prefix={<MailOutlined />} autoComplete="username" inputMode="email" autoFocus data-testid="recovery-email" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={recovery.isPending} data-testid="recovery-submit">
          {AUTH_UI.sendLink}
        </Button>
      </Form>
    </>
  );
}

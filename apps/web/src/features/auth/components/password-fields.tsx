import { Form, Input } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { passwordError, repeatError } from '@/features/auth/account-flow';
import { AUTH_UI } from '@/features/auth/auth-text';

/** Field names as the API names them. */
export interface NewPasswordValues {
  password: string;
  confirm_password: string;
}

/** A new password and its repeat, checked before sending (required, length, equal). */
export function PasswordFields({ testId }: { testId: 'reset-password' | 'set-password' }) {
  return (
    <>
      <Form.Item
        label={AUTH_UI.newPassword}
        name="password"
        rules={[
          {
            validator: async (_, value: string | undefined) => {
              const message = passwordError(value);
              if (message) throw new Error(message);
            },
          },
        ]}
      >
        <Input.Password prefix={<LockOutlined />} autoComplete="new-password" data-testid={testId} />
      </Form.Item>
      <Form.Item
        label={AUTH_UI.repeatPassword}
        name="confirm_password"
        dependencies={['password']}
        rules={[
          ({ getFieldValue }) => ({
            validator: async (_, value: string | undefined) => {
              const message = repeatError(getFieldValue('password') as string | undefined, value);
              if (message) throw new Error(message);
            },
          }),
        ]}
      >
        <Input.Password prefix={<LockOutlined />} autoComplete="new-password" data-testid={`${testId}-repeat`} />
      </Form.Item>
    </>
  );
}

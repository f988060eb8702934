import { Form, Input } from 'antd';
import type { Rule } from 'antd/es/form';
import { LockOutlined } from '@ant-design/icons';
import { PASSWORD_MAX } from '@b2b/contracts/auth';
import { LIMITS } from '@b2b/contracts/limits';
import { ACCOUNT_UI as T } from '@/shared/account/account-text';
import { passwordError, repeatError } from '@/shared/account/password-checks';
import { capitaliseWords } from '@/shared/inputs/names';
import { formatPhone } from '@/shared/inputs/phone';

/** Field names as the API names them. */
export interface NewPasswordValues {
  password: string;
  confirm_password: string;
}

/** The repeat of a password: the same as the form's `password` (ACCOUNT_MSG.passwordsDiffer). */
export const sameAsPassword: Rule = ({ getFieldValue }) => ({
  validator: async (_, value: string | undefined) => {
    const message = repeatError(getFieldValue('password') as string | undefined, value);
    if (message) throw new Error(message);
  },
});

/**
 * A new password and its repeat, checked before sending (required, length, equal), in the back office's and the
 * shop's account forms. Test ids: `{testId}` and `{testId}-repeat`.
 */
export function NewPasswordFields({ testId }: { testId: string }) {
  return (
    <>
      <Form.Item
        label={T.newPassword}
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
        <Input.Password prefix={<LockOutlined />} autoComplete="new-password" maxLength={PASSWORD_MAX} data-testid={testId} />
      </Form.Item>
      <Form.Item label={T.repeat} name="confirm_password" dependencies={['password']} rules={[sameAsPassword]}>
        <Input.Password prefix={<LockOutlined />} autoComplete="new-password" data-testid={`${testId}-repeat`} />
      </Form.Item>
    </>
  );
}

export type RegistrationField = 'company' | 'inn' | 'name' | 'phone' | 'email' | 'password' | 'confirm_password';

/**
 * A buyer's registration fields (type=register), as the back office's /login and the shop ask them; each form gives
 * its own checks (`rules`). Test ids: `{testId}-company`, … `{testId}-password`, `{testId}-password-repeat`.
 */
export function RegistrationFields({ testId, rules }: { testId: string; rules: Partial<Record<RegistrationField, Rule[]>> }) {
  return (
    <>
      <Form.Item label={T.company} name="company" rules={rules.company}>
        <Input autoComplete="organization" maxLength={LIMITS.companyNameMax} autoFocus data-testid={`${testId}-company`} />
      </Form.Item>
      <Form.Item label={T.inn} name="inn" rules={rules.inn} normalize={(v: string) => (v ?? '').replace(/\D/g, '').slice(0, 12)}>
        <Input inputMode="numeric" autoComplete="off" data-testid={`${testId}-inn`} />
      </Form.Item>
      <Form.Item label={T.name} name="name" rules={rules.name} normalize={(v: string) => capitaliseWords(v ?? '')}>
        <Input autoComplete="name" maxLength={LIMITS.personNameMax} data-testid={`${testId}-name`} />
      </Form.Item>
      <Form.Item label={T.phone} name="phone" rules={rules.phone} normalize={(v: string) => formatPhone(v ?? '')}>
        <Input inputMode="tel" autoComplete="tel" placeholder="+7 (___) ___-__-__" data-testid={`${testId}-phone`} />
      </Form.Item>
      <Form.Item label={T.email} name="email" rules={rules.email}>
        <Input inputMode="email" autoComplete="email" maxLength={LIMITS.emailMax} data-testid={`${testId}-email`} />
      </Form.Item>
      <Form.Item label={T.password} name="password" extra={T.passwordHint} rules={rules.password}>
        <Input.Password autoComplete="new-password" maxLength={PASSWORD_MAX} data-testid={`${testId}-password`} />
      </Form.Item>
      <Form.Item label={T.repeat} name="confirm_password" dependencies={['password']} rules={rules.confirm_password}>
        <Input.Password autoComplete="new-password" data-testid={`${testId}-password-repeat`} />
      </Form.Item>
    </>
  );
}

import { useState } from 'react';
import { Button, Form, Input } from 'antd';
import type { Rule } from 'antd/es/form';
import { useNavigate, useSearchParams } from 'react-router';
import { ACCOUNT_MSG, PASSWORD_MAX } from '@b2b/contracts/auth';
import { LIMITS } from '@b2b/contracts/limits';
import { isApiError } from '@/api/api-error';
import { errorText } from '@/api/error-text';
import { useRegisterAccount } from '@/features/auth/api/account-api';
import {
  REGISTRATION_FIELDS,
  loginHref,
  registrationBody,
  registrationFieldError,
  shopLinkFromInput,
  splitFieldErrors,
  type RegistrationField,
  type RegistrationValues,
} from '@/features/auth/account-flow';
import { AUTH_UI } from '@/features/auth/auth-text';
import { LoginMessage, noticeState, type LoginNotice } from '@/features/auth/components/login-message';
import { capitaliseWords } from '@/shared/inputs/names';
import { formatPhone } from '@/shared/inputs/phone';

const T = AUTH_UI.register;

const rule =
  (field: RegistrationField): Rule =>
  ({ getFieldsValue }) => ({
    validator: async () => {
      const message = registrationFieldError(field, getFieldsValue(true) as RegistrationValues, T.domainRequired);
      if (message) throw new Error(message);
    },
  });

/**
 * Registration of a buyer in a shop (type=register): the shop comes from the link's `domain` or is typed; the
 * password may be left for after the e-mail confirmation. Server errors go under their fields; on success the
 * sign-in form opens with the server's message (confirm the e-mail by the link in the letter).
 */
export function RegisterForm() {
  const [form] = Form.useForm<RegistrationValues>();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const register = useRegisterAccount();
  const [notice, setNotice] = useState<LoginNotice | null>(null);
  const linkDomain = shopLinkFromInput(params.get('domain') ?? '');

  const submit = async (values: RegistrationValues) => {
    setNotice(null);
    const body = registrationBody({ ...values, domain: linkDomain || values.domain });
    try {
      const answer = await register.mutateAsync(body);
      void navigate(loginHref(null, params), {
        replace: true,
        state: noticeState({ type: 'success', text: answer.MESSAGE ?? ACCOUNT_MSG.registered, email: body.email }),
      });
    } catch (error) {
      if (isApiError(error) && error.kind === 'failure') {
        const { fields, other } = splitFieldErrors(error.errors, REGISTRATION_FIELDS);
        form.setFields(fields.map((f) => ({ name: f.name, errors: [f.message] })));
        if (other.length) setNotice({ type: 'error', text: other.join('\n') });
      } else {
        setNotice({ type: 'error', text: errorText(error, 'login') });
      }
    }
  };

  return (
    <>
      {notice && <LoginMessage notice={notice} />}
      <Form<RegistrationValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={submit}
        disabled={register.isPending}
        initialValues={{ domain: linkDomain }}
        data-testid="register-form"
      >
        <Form.Item label={T.domain} name="domain" rules={[rule('domain')]}>
          <Input readOnly={!!linkDomain} placeholder={T.domainPlaceholder} autoComplete="off" data-testid="register-domain" />
        </Form.Item>
        <Form.Item label={T.company} name="company" rules={[rule('company')]}>
          <Input autoComplete="organization" maxLength={LIMITS.companyNameMax} autoFocus data-testid="register-company" />
        </Form.Item>
        <Form.Item label={T.inn} name="inn" rules={[rule('inn')]} normalize={(v: string) => (v ?? '').replace(/\D/g, '').slice(0, 12)}>
          <Input inputMode="numeric" autoComplete="off" data-testid="register-inn" />
        </Form.Item>
        <Form.Item label={T.name} name="name" rules={[rule('name')]} normalize={(v: string) => capitaliseWords(v ?? '')}>
          <Input autoComplete="name" maxLength={LIMITS.personNameMax} data-testid="register-name" />
        </Form.Item>
        <Form.Item label={T.phone} name="phone" normalize={(v: string) => formatPhone(v ?? '')}>
          <Input inputMode="tel" autoComplete="tel" placeholder="+7 (___) ___-__-__" data-testid="register-phone" />
        </Form.Item>
        <Form.Item label={T.email} name="email" rules={[rule('email')]}>
          <Input inputMode="email" autoComplete="email" maxLength={LIMITS.emailMax} data-testid="register-email" />
        </Form.Item>
        <Form.Item label={T.password} name="password" extra={T.passwordHint} rules={[rule('password')]}>
          <Input.Password autoComplete="new-password" maxLength={PASSWORD_MAX} data-testid="register-password" />
        </Form.Item>
        <Form.Item label={T.repeat} name="confirm_password" dependencies={['password']} rules={[rule('confirm_password')]}>
          <Input.Password autoComplete="new-password" data-testid="register-password-repeat" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={register.isPending} data-testid="register-submit">
          {T.submit}
        </Button>
      </Form>
    </>
  );
}

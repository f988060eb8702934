import { useState } from 'react';
import { Button, Form, Input } from 'antd';
import type { Rule } from 'antd/es/form';
import { useNavigate, useSearchParams } from 'react-router';
import { ACCOUNT_MSG } from '@b2b/contracts/auth';
import { useRegisterAccount } from '@/features/auth/api/account-api';
import {
  REGISTRATION_FIELDS,
  loginHref,
  registrationBody,
  registrationFieldError,
  shopLinkFromInput,
  type RegistrationField,
  type RegistrationValues,
} from '@/features/auth/account-flow';
import { AUTH_UI } from '@/features/auth/auth-text';
import { LoginMessage, noticeState, type LoginNotice } from '@/features/auth/components/login-message';
import { failureNotice } from '@/shared/account/account-failure';
import { RegistrationFields } from '@/shared/account/account-fields';
import { ACCOUNT_UI } from '@/shared/account/account-text';

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
      setNotice(failureNotice(error, REGISTRATION_FIELDS, form));
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
        <RegistrationFields
          testId="register"
          rules={{
            company: [rule('company')],
            inn: [rule('inn')],
            name: [rule('name')],
            email: [rule('email')],
            password: [rule('password')],
            confirm_password: [rule('confirm_password')],
          }}
        />
        <Button type="primary" htmlType="submit" block loading={register.isPending} data-testid="register-submit">
          {ACCOUNT_UI.register}
        </Button>
      </Form>
    </>
  );
}

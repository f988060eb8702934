import { useState } from 'react';
import { Button, Flex, Form, Input, Typography } from 'antd';
import { MailOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { ACCOUNT_MSG } from '@b2b/contracts/auth';
import { MSG } from '@b2b/contracts/messages';
import { useRecoverBuyer, useRegisterBuyer, type BuyerRegistration } from '@/features/storefront/api/shop-public-api';
import { GuestPanel, NoticeAlert, type Notice } from '@/features/storefront/components/shop-plain';
import { useShop } from '@/features/storefront/shop-context';
import { SHOP_UI } from '@/features/storefront/shop-text';
import { failureNotice } from '@/shared/account/account-failure';
import { RegistrationFields, sameAsPassword } from '@/shared/account/account-fields';
import { ACCOUNT_UI } from '@/shared/account/account-text';
import { capitaliseWords } from '@/shared/inputs/names';
import { phoneDigits } from '@/shared/inputs/phone';
import { UI } from '@/shared/ui-text';

/*
 * What an unauthenticated visitor of the shop may open (back-office.md §1): sign-in with the shop's link as the
 * domain, registration in this shop and password recovery. Any other address of the shop shows the sign-in and,
 * once signed in, the page it names.
 */

const BackToSignIn = () => {
  const { to } = useShop();
  return (
    <Flex justify="center" style={{ marginTop: 16 }}>
      <Link to={to()} data-testid="shop-back-to-sign-in">
        {UI.backToSignIn}
      </Link>
    </Flex>
  );
};

const T = SHOP_UI.register;
const REGISTRATION_FIELDS = ['company', 'inn', 'name', 'phone', 'email', 'password', 'confirm_password'] as const;

export function RegisterPage() {
  const { shop, link } = useShop();
  const [form] = Form.useForm<BuyerRegistration>();
  const register = useRegisterBuyer(link);
  const [notice, setNotice] = useState<Notice | null>(null);

  if (shop.REGISTRATION !== 'Y') {
    return (
      <GuestPanel title={T.title} testId="shop-register">
        <NoticeAlert notice={{ type: 'error', text: T.closed }} />
        <BackToSignIn />
      </GuestPanel>
    );
  }

  const submit = async (values: BuyerRegistration) => {
    setNotice(null);
    const body: BuyerRegistration = {
      ...values,
      company: values.company?.trim() ?? '',
      name: capitaliseWords(values.name?.trim() ?? ''),
      email: values.email?.trim() ?? '',
      inn: values.inn?.replace(/\D/g, '') || undefined,
      phone: phoneDigits(values.phone ?? '') || undefined,
      password: values.password || undefined,
      confirm_password: values.password ? (values.confirm_password ?? '') : undefined,
    };
    try {
      const answer = await register.mutateAsync(body);
      setNotice({ type: 'success', text: answer.MESSAGE ?? ACCOUNT_MSG.registered });
    } catch (error) {
      setNotice(failureNotice(error, REGISTRATION_FIELDS, form));
    }
  };

  return (
    <GuestPanel title={T.title} testId="shop-register">
      {notice && <NoticeAlert notice={notice} />}
      {notice?.type !== 'success' && (
        <Form<BuyerRegistration>
          form={form}
          layout="vertical"
          requiredMark={false}
          onFinish={submit}
          disabled={register.isPending}
          data-testid="shop-register-form"
        >
          <RegistrationFields
            testId="shop-register"
            rules={{
              company: [{ required: true, whitespace: true, message: ACCOUNT_MSG.companyRequired }],
              name: [{ required: true, whitespace: true, message: ACCOUNT_MSG.nameRequired }],
              email: [{ required: true, whitespace: true, message: MSG.loginEmailRequired }],
              confirm_password: [sameAsPassword],
            }}
          />
          <Button type="primary" htmlType="submit" block loading={register.isPending} data-testid="shop-register-submit">
            {ACCOUNT_UI.register}
          </Button>
        </Form>
      )}
      <BackToSignIn />
    </GuestPanel>
  );
}

export function RecoveryPage() {
  const { link } = useShop();
  const [form] = Form.useForm<{ email: string }>();
  const recovery = useRecoverBuyer(link);
  const [notice, setNotice] = useState<Notice | null>(null);

  const submit = async ({ email }: { email: string }) => {
    setNotice(null);
    try {
      const answer = await recovery.mutateAsync(email.trim());
      setNotice({ type: 'success', text: answer.MESSAGE ?? ACCOUNT_MSG.recoverySent });
    } catch (error) {
      setNotice(failureNotice(error, ['email'], form));
    }
  };

  return (
    <GuestPanel title={SHOP_UI.recovery.title} testId="shop-recovery">
      {notice && <NoticeAlert notice={notice} />}
      {notice?.type !== 'success' && (
        <>
          <Typography.Paragraph type="secondary">{SHOP_UI.recovery.hint}</Typography.Paragraph>
          <Form<{ email: string }>
            form={form}
            layout="vertical"
            requiredMark={false}
            onFinish={submit}
            disabled={recovery.isPending}
            data-testid="shop-recovery-form"
          >
            <Form.Item label={UI.email} name="email" rules={[{ required: true, whitespace: true, message: MSG.loginEmailRequired }]}>
              <Input prefix={<MailOutlined />} autoComplete="username" inputMode="email" autoFocus data-testid="shop-recovery-email" />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={recovery.isPending} data-testid="shop-recovery-submit">
              {SHOP_UI.recovery.submit}
            </Button>
          </Form>
        </>
      )}
      <BackToSignIn />
    </GuestPanel>
  );
}

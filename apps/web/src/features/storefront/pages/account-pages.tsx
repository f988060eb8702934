import { useEffect, useRef, useState } from 'react';
import { Button, Flex, Form, Spin, Typography, type FormInstance } from 'antd';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { ACCOUNT_MSG } from '@b2b/contracts/auth';
import { MSG } from '@b2b/contracts/messages';
import { isApiError } from '@/api/api-error';
import { errorText } from '@/api/error-text';
import { buyerRequest } from '@/features/storefront/api/buyer-client';
import { confirmBuyer, useResetBuyerPassword, type BuyerLink } from '@/features/storefront/api/shop-public-api';
import { GuestPanel, NoticeAlert, type Notice } from '@/features/storefront/components/shop-plain';
import type { SignInState } from '@/features/storefront/pages/sign-in-page';
import { useBuyer, useShop } from '@/features/storefront/shop-context';
import { SHOP_UI } from '@/features/storefront/shop-text';
import { failureNotice } from '@/shared/account/account-failure';
import { NewPasswordFields, type NewPasswordValues } from '@/shared/account/account-fields';
import { ACCOUNT_UI } from '@/shared/account/account-text';
import { UI } from '@/shared/ui-text';

/*
 * /shop/{link}/account: where the shop's e-mailed links lead (account.service.ts builds them for a buyer), so that a
 * buyer's account flows finish inside the shop and its own session (buyer-tokens.ts), never the back office's:
 * ?confirm=Y&email&user_checkword confirms a registration and signs the buyer in; ?email&user_checkword sets a new
 * password. A signed-in buyer without a password (isUserWithoutPassword) sets one before the catalogue.
 */

const T = SHOP_UI.account;
const PASSWORD_FIELDS = ['password', 'confirm_password'] as const;

/** The e-mail and check word of the address, or null when either is missing. */
function linkOf(params: URLSearchParams): BuyerLink | null {
  const email = params.get('email')?.trim();
  const word = params.get('user_checkword')?.trim();
  return email && word ? { email, user_checkword: word } : null;
}

/**
 * A new password and its repeat, with the server's rules checked before sending (as the back office's form). Its
 * test ids: `{prefix}-form`, `{prefix}-password`, `{prefix}-password-repeat`, `{prefix}-submit`.
 */
function NewPasswordForm({
  form,
  onFinish,
  pending,
  prefix,
}: {
  form: FormInstance<NewPasswordValues>;
  onFinish: (values: NewPasswordValues) => Promise<void>;
  pending: boolean;
  prefix: string;
}) {
  return (
    <Form<NewPasswordValues> form={form} layout="vertical" requiredMark={false} onFinish={onFinish} disabled={pending} data-testid={`${prefix}-form`}>
      <NewPasswordFields testId={`${prefix}-password`} />
      <Button type="primary" htmlType="submit" block loading={pending} data-testid={`${prefix}-submit`}>
        {ACCOUNT_UI.savePassword}
      </Button>
    </Form>
  );
}

/** The confirmation link: confirms once, keeps the answered tokens as the buyer's session, then goes to the shop. */
function ConfirmStep({ link }: { link: BuyerLink }) {
  const shop = useShop();
  const { adopt } = useBuyer();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<Notice | null>(null);
  const started = useRef(false);

  useEffect(() => {
    // A check word works once: never send it twice (StrictMode runs effects twice in development).
    if (started.current) return;
    started.current = true;
    confirmBuyer(shop.link, link)
      .then(async (answer) => {
        await adopt(answer.TOKEN);
        // The shop's gate leads a buyer without a password to set one first, anyone else into the catalogue.
        const notice: Notice = { type: 'success', text: answer.MESSAGE ?? ACCOUNT_MSG.emailConfirmed };
        void navigate(shop.to(), { replace: true, state: { notice } });
      })
      .catch((error: unknown) => setFailure({ type: 'error', text: errorText(error, 'login') }));
  }, [shop, link, adopt, navigate]);

  return (
    <GuestPanel title={T.confirmTitle} testId="shop-confirm-page">
      {failure ? (
        <>
          <NoticeAlert notice={failure} />
          <Link to={shop.to()} data-testid="shop-back-to-sign-in">
            <Button block>{UI.backToSignIn}</Button>
          </Link>
        </>
      ) : (
        <Flex justify="center" style={{ padding: 24 }}>
          <Spin description={T.confirming} data-testid="shop-confirm-pending" />
        </Flex>
      )}
    </GuestPanel>
  );
}

/** The recovery link: a new password (reset_password), then the shop's sign-in with the address filled in. */
function ResetStep({ link }: { link: BuyerLink }) {
  const shop = useShop();
  const { status, signOut } = useBuyer();
  const [form] = Form.useForm<NewPasswordValues>();
  const reset = useResetBuyerPassword(shop.link);
  const navigate = useNavigate();
  const [notice, setNotice] = useState<(Notice & { badLink?: boolean }) | null>(null);

  const submit = async (values: NewPasswordValues) => {
    setNotice(null);
    try {
      const answer = await reset.mutateAsync({ ...link, ...values });
      // The change ended every session of the buyer: a session open here is over too.
      if (status === 'buyer') await signOut();
      const state: SignInState = { notice: { type: 'success', text: answer.MESSAGE ?? ACCOUNT_MSG.passwordChanged }, email: link.email };
      void navigate(shop.to(), { replace: true, state });
    } catch (error) {
      const shown = failureNotice(error, PASSWORD_FIELDS, form);
      const badLink = isApiError(error) && error.kind === 'failure' && 'user_checkword' in error.errors;
      setNotice(shown && { ...shown, badLink });
    }
  };

  return (
    <GuestPanel title={T.resetTitle} testId="shop-reset-page">
      {notice && <NoticeAlert notice={notice} />}
      {notice?.badLink && (
        <Flex justify="center" style={{ marginBottom: 16 }}>
          <Link to={shop.to('recovery')} data-testid="shop-reset-new-link">
            {T.requestNewLink}
          </Link>
        </Flex>
      )}
      <Typography.Paragraph>
        {T.resetFor} <strong data-testid="shop-reset-email">{link.email}</strong>
      </Typography.Paragraph>
      <NewPasswordForm form={form} onFinish={submit} pending={reset.isPending} prefix="shop-reset" />
    </GuestPanel>
  );
}

/** /shop/{link}/account: the step its query names; without one, the shop itself. */
export function AccountPage() {
  const { to } = useShop();
  const [params] = useSearchParams();
  // Read once: the confirmation step leaves this address when it is done.
  const [link] = useState(() => linkOf(params));
  const [confirming] = useState(() => params.get('confirm') === 'Y');
  if (link && confirming) return <ConfirmStep link={link} />;
  if (link) return <ResetStep link={link} />;
  return <Navigate to={to()} replace />;
}

/**
 * A signed-in buyer without a password (isUserWithoutPassword): change_password with the buyer's token (no current
 * password), then the session is read again and the catalogue opens.
 */
export function SetPasswordPage() {
  const shop = useShop();
  const { user, recheck, signOut } = useBuyer();
  const [form] = Form.useForm<NewPasswordValues>();
  const navigate = useNavigate();
  const arrived = (useLocation().state as { notice?: Notice } | null)?.notice ?? null;
  const [notice, setNotice] = useState<Notice | null>(arrived);
  const change = useMutation({
    mutationFn: (values: NewPasswordValues) =>
      buyerRequest<{ SUCCESS: 'Y'; MESSAGE?: string }>(shop.link, 'POST', '/v3/api/auth/register/', {
        body: { type: 'change_password', ...values },
        silent: true,
      }),
    meta: { toastError: false },
  });

  const submit = async (values: NewPasswordValues) => {
    setNotice(null);
    try {
      await change.mutateAsync(values);
      await recheck();
      void navigate(shop.to(), { replace: true });
    } catch (error) {
      setNotice(failureNotice(error, PASSWORD_FIELDS, form));
    }
  };

  return (
    <GuestPanel title={T.setTitle} testId="shop-set-password-page">
      {notice && <NoticeAlert notice={notice} />}
      <Typography.Paragraph data-testid="shop-set-password-hint">
        {MSG.passwordNotSet}
        {user?.EMAIL && (
          <>
            : <strong>{user.EMAIL}</strong>
          </>
        )}
      </Typography.Paragraph>
      <NewPasswordForm form={form} onFinish={submit} pending={change.isPending} prefix="shop-set" />
      <Button type="link" block style={{ marginTop: 8 }} onClick={() => void signOut()} data-testid="shop-set-password-other-account">
        {T.otherAccount}
      </Button>
    </GuestPanel>
  );
}

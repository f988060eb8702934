import { useState } from 'react';
import EyeInvisibleOutlined from '@ant-design/icons-svg/es/asn/EyeInvisibleOutlined';
import EyeOutlined from '@ant-design/icons-svg/es/asn/EyeOutlined';
import LockOutlined from '@ant-design/icons-svg/es/asn/LockOutlined';
import MailOutlined from '@ant-design/icons-svg/es/asn/MailOutlined';
import type { IconDefinition } from '@ant-design/icons-svg/es/types';
import { Link, useLocation } from 'react-router';
import { MSG } from '@b2b/contracts/messages';
import { errorText } from '@/api/error-text';
import { ShopIcon } from '@/features/storefront/components/shop-icon';
import { GuestPanel, NoticeAlert, ShopAlert, type Notice } from '@/features/storefront/components/shop-plain';
import { useBuyer, useShop } from '@/features/storefront/shop-context';
import { SHOP_UI } from '@/features/storefront/shop-text';
import { UI } from '@/shared/ui-text';

/** What an account flow tells the sign-in it leads to (a changed password): a notice and the address to prefill. */
export interface SignInState {
  notice: Notice;
  email?: string;
}

interface FieldProps {
  id: string;
  label: string;
  icon: IconDefinition;
  error: string | null;
  children: React.ReactNode;
}

function Field({ id, label, icon, error, children }: FieldProps) {
  return (
    <div className={error ? 'shop-field shop-field-invalid' : 'shop-field'}>
      <label htmlFor={id}>{label}</label>
      <div className="shop-input">
        <ShopIcon icon={icon} />
        {children}
      </div>
      {error && (
        <div className="shop-field-error" id={`${id}-error`} role="alert">
          {error}
        </div>
      )}
    </div>
  );
}

/**
 * The shop's sign-in with its link as the domain: the page every visitor lands on, so it is drawn without antd
 * (the shop's first page stays within its JS budget). The same rules as the back office's form: both fields required.
 */
export function SignInPage() {
  const { shop, to } = useShop();
  const { signIn } = useBuyer();
  const arrived = (useLocation().state as SignInState | null) ?? null;
  const [email, setEmail] = useState(arrived?.email ?? '');
  const [password, setPassword] = useState('');
  const [shown, setShown] = useState(false);
  const [missing, setMissing] = useState({ email: false, password: false });
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const lacking = { email: !email.trim(), password: !password };
    setMissing(lacking);
    if (lacking.email || lacking.password) return;
    setError(null);
    setSubmitting(true);
    try {
      await signIn(email.trim(), password);
    } catch (failure) {
      setError(errorText(failure, 'login'));
      setSubmitting(false);
    }
  };

  const emailError = missing.email && !email.trim() ? MSG.loginEmailRequired : null;
  const passwordError = missing.password && !password ? MSG.loginPasswordRequired : null;
  return (
    <GuestPanel title={SHOP_UI.signIn.title} testId="shop-sign-in">
      {arrived?.notice && <NoticeAlert notice={arrived.notice} />}
      <p className="shop-hint">{SHOP_UI.signIn.hint}</p>
      <form onSubmit={(e) => void submit(e)} noValidate data-testid="shop-login-form">
        {error && (
          <ShopAlert type="error" testId="shop-login-error">
            {error}
          </ShopAlert>
        )}
        <fieldset disabled={submitting} style={{ border: 0, margin: 0, padding: 0 }}>
          <Field id="shop-login-email" label={UI.email} icon={MailOutlined} error={emailError}>
            <input
              id="shop-login-email"
              type="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              autoComplete="username"
              inputMode="email"
              autoFocus
              aria-invalid={Boolean(emailError)}
              aria-describedby={emailError ? 'shop-login-email-error' : undefined}
              data-testid="shop-login-email"
            />
          </Field>
          <Field id="shop-login-password" label={UI.password} icon={LockOutlined} error={passwordError}>
            <input
              id="shop-login-password"
              type={shown ? 'text' : 'password'}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              autoComplete="current-password"
              aria-invalid={Boolean(passwordError)}
              aria-describedby={passwordError ? 'shop-login-password-error' : undefined}
              data-testid="shop-login-password"
            />
            <button type="button" onClick={() => setShown((v) => !v)} aria-label={shown ? SHOP_UI.signIn.hidePassword : SHOP_UI.signIn.showPassword}>
              <ShopIcon icon={shown ? EyeOutlined : EyeInvisibleOutlined} />
            </button>
          </Field>
          <button type="submit" className="shop-button" data-testid="shop-login-submit">
            {submitting ? `${UI.signIn}…` : UI.signIn}
          </button>
        </fieldset>
      </form>
      <div className="shop-links">
        {shop.REGISTRATION === 'Y' ? (
          <Link to={to('register')} data-testid="shop-register-link">
            {UI.register}
          </Link>
        ) : (
          <span />
        )}
        <Link to={to('recovery')} data-testid="shop-recovery-link">
          {UI.forgotPassword}
        </Link>
      </div>
    </GuestPanel>
  );
}

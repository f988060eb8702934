import { ACCOUNT_MSG } from '@b2b/contracts/auth';
import { EMAIL_RE } from '@b2b/contracts/patterns';
import { MSG } from '@b2b/contracts/messages';
import { passwordError, repeatError } from '@/shared/account/password-checks';
import { capitaliseWords } from '@/shared/inputs/names';
import { phoneDigits } from '@/shared/inputs/phone';

/**
 * The steps of /login (back-office.md §2, §4 Session): the e-mailed confirmation and recovery links, a signed-in
 * user who has no password yet, the registration and recovery forms, and the sign-in form.
 */
export type LoginStep = 'confirm' | 'set-password' | 'change-password' | 'reset' | 'recovery' | 'register' | 'sign-in';

export interface LinkParams {
  email: string;
  user_checkword: string;
  domain?: string;
}

const param = (params: URLSearchParams, name: string) => params.get(name)?.trim() || undefined;

/** The e-mail and check word a link carries (and its shop, for a client), or null when either is missing. */
export function linkParams(params: URLSearchParams): LinkParams | null {
  const email = param(params, 'email');
  const word = param(params, 'user_checkword');
  if (!email || !word) return null;
  const domain = param(params, 'domain');
  return { email, user_checkword: word, ...(domain ? { domain } : {}) };
}

export function loginStep(params: URLSearchParams, session: { signedIn: boolean; withoutPassword: boolean }): LoginStep {
  const link = linkParams(params);
  if (link && params.get('confirm') === 'Y') return 'confirm';
  if (session.signedIn && session.withoutPassword) return 'set-password';
  if (link) return 'reset';
  const mode = params.get('mode');
  if (mode === 'recovery') return 'recovery';
  if (mode === 'register') return 'register';
  if (mode === 'change-password' && session.signedIn) return 'change-password';
  return 'sign-in';
}

/** /login, or one of its modes, keeping the shop (domain) the page was opened for. */
export function loginHref(mode: 'register' | 'recovery' | null, params: URLSearchParams): string {
  const next = new URLSearchParams();
  if (mode) next.set('mode', mode);
  const domain = param(params, 'domain');
  if (domain) next.set('domain', domain);
  const query = next.toString();
  return query ? `/login?${query}` : '/login';
}

export function emailError(email: string | undefined): string | null {
  const value = email?.trim() ?? '';
  if (!value) return MSG.loginEmailRequired;
  if (!EMAIL_RE.test(value)) return MSG.employeeEmailInvalid;
  return null;
}

/** The shop link as typed or pasted: "https://kancler.b2b.local/catalog" → "kancler.b2b.local", "Kancler" → "kancler". */
export function shopLinkFromInput(value: string | undefined): string {
  return (value ?? '')
    .trim()
    .replace(/^[a-z][a-z\d+.-]*:\/\//i, '')
    .replace(/[/?#].*$/, '')
    .toLowerCase();
}

/** Registration form fields, named as POST /v3/api/auth/register/ (type=register) names them. */
export interface RegistrationValues {
  domain?: string;
  company?: string;
  inn?: string;
  name?: string;
  phone?: string;
  email?: string;
  password?: string;
  confirm_password?: string;
}
export type RegistrationField = keyof RegistrationValues;

export const REGISTRATION_FIELDS: readonly RegistrationField[] = [
  'domain',
  'company',
  'inn',
  'name',
  'phone',
  'email',
  'password',
  'confirm_password',
];

/** Digits of an INN; empty is allowed (it is optional), otherwise 10 or 12 digits. */
export function innError(inn: string | undefined): string | null {
  const raw = inn?.trim() ?? '';
  if (!raw) return null;
  const digits = raw.replace(/\D/g, '');
  return digits.length === 10 || digits.length === 12 ? null : ACCOUNT_MSG.innInvalid;
}

/** The message of one registration field, the server's rules checked before sending; null when it is valid. */
export function registrationFieldError(field: RegistrationField, values: RegistrationValues, shopRequired: string): string | null {
  switch (field) {
    case 'domain':
      return shopLinkFromInput(values.domain) ? null : shopRequired;
    case 'company':
      return values.company?.trim() ? null : ACCOUNT_MSG.companyRequired;
    case 'inn':
      return innError(values.inn);
    case 'name':
      return values.name?.trim() ? null : ACCOUNT_MSG.nameRequired;
    case 'email':
      return emailError(values.email);
    case 'password':
      // The password is optional: it can be set after confirming the e-mail (isUserWithoutPassword).
      return values.password ? passwordError(values.password) : null;
    case 'confirm_password':
      return values.password ? repeatError(values.password, values.confirm_password) : null;
    default:
      return null;
  }
}

export interface RegistrationRequest {
  type: 'register';
  domain: string;
  company: string;
  name: string;
  email: string;
  inn?: string;
  phone?: string;
  password?: string;
  confirm_password?: string;
}

export function registrationBody(values: RegistrationValues): RegistrationRequest {
  const inn = values.inn?.replace(/\D/g, '');
  const phone = phoneDigits(values.phone ?? '');
  return {
    type: 'register',
    domain: shopLinkFromInput(values.domain),
    company: values.company?.trim() ?? '',
    name: capitaliseWords(values.name?.trim() ?? ''),
    email: values.email?.trim() ?? '',
    ...(inn ? { inn } : {}),
    ...(phone ? { phone } : {}),
    ...(values.password ? { password: values.password, confirm_password: values.confirm_password ?? '' } : {}),
  };
}

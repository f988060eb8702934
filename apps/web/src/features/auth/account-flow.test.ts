import { describe, expect, it } from 'vitest';
import { ACCOUNT_MSG } from '@b2b/contracts/auth';
import { MSG } from '@b2b/contracts/messages';
import { emailError, innError, linkParams, loginHref, loginStep, registrationBody, registrationFieldError, shopLinkFromInput } from './account-flow';

const q = (query: string) => new URLSearchParams(query);
const guest = { signedIn: false, withoutPassword: false };

describe('loginStep', () => {
  it('opens the sign-in form by default', () => {
    expect(loginStep(q(''), guest)).toBe('sign-in');
    expect(loginStep(q('back_url=%2Fpartner'), guest)).toBe('sign-in');
    expect(loginStep(q('mode=unknown'), guest)).toBe('sign-in');
  });
  it('opens registration and recovery by mode', () => {
    expect(loginStep(q('mode=register&domain=kancler'), guest)).toBe('register');
    expect(loginStep(q('mode=recovery'), guest)).toBe('recovery');
  });
  it('reads the recovery step from email and user_checkword', () => {
    expect(loginStep(q('email=a%40b.ru&user_checkword=abc'), guest)).toBe('reset');
    expect(loginStep(q('email=a%40b.ru'), guest)).toBe('sign-in');
    expect(loginStep(q('email=a%40b.ru&user_checkword='), guest)).toBe('sign-in');
  });
  it('reads the confirmation link by confirm=Y', () => {
    expect(loginStep(q('confirm=Y&email=a%40b.ru&user_checkword=abc&domain=kancler'), guest)).toBe('confirm');
    expect(loginStep(q('confirm=Y&email=a%40b.ru'), guest)).toBe('sign-in');
  });
  it('asks a signed-in user without a password to set one', () => {
    const without = { signedIn: true, withoutPassword: true };
    expect(loginStep(q(''), without)).toBe('set-password');
    expect(loginStep(q('mode=recovery'), without)).toBe('set-password');
    expect(loginStep(q('email=a%40b.ru&user_checkword=abc'), without)).toBe('set-password');
  });
  it('offers the password change only to a signed-in user', () => {
    expect(loginStep(q('mode=change-password'), { signedIn: true, withoutPassword: false })).toBe('change-password');
    expect(loginStep(q('mode=change-password'), guest)).toBe('sign-in');
  });
});

describe('linkParams', () => {
  it('takes the email, the check word and the shop of a link', () => {
    expect(linkParams(q('email=a%40b.ru&user_checkword=abc'))).toEqual({ email: 'a@b.ru', user_checkword: 'abc' });
    expect(linkParams(q('confirm=Y&email=a%40b.ru&user_checkword=abc&domain=kancler'))).toEqual({
      email: 'a@b.ru',
      user_checkword: 'abc',
      domain: 'kancler',
    });
    expect(linkParams(q('user_checkword=abc'))).toBeNull();
  });
});

describe('loginHref', () => {
  it('keeps the shop of the page', () => {
    expect(loginHref('register', q('domain=kancler&back_url=%2F'))).toBe('/login?mode=register&domain=kancler');
    expect(loginHref(null, q('domain=kancler'))).toBe('/login?domain=kancler');
    expect(loginHref(null, q('email=a%40b.ru&user_checkword=x'))).toBe('/login');
    expect(loginHref('recovery', q(''))).toBe('/login?mode=recovery');
  });
});

describe('emailError', () => {
  it('requires a well-formed e-mail', () => {
    expect(emailError(' ')).toBe(MSG.loginEmailRequired);
    expect(emailError('a@b')).toBe(MSG.employeeEmailInvalid);
    expect(emailError(' a@b.ru ')).toBeNull();
  });
});

describe('shopLinkFromInput', () => {
  it('keeps the host of a pasted address, lower-cased', () => {
    expect(shopLinkFromInput(' Kancler ')).toBe('kancler');
    expect(shopLinkFromInput('https://kancler.b2b.local/catalog?x=1')).toBe('kancler.b2b.local');
    expect(shopLinkFromInput('kancler.b2b.local/')).toBe('kancler.b2b.local');
    expect(shopLinkFromInput(undefined)).toBe('');
  });
});

describe('registration', () => {
  const valid = {
    domain: 'kancler',
    company: 'ООО Ромашка',
    inn: '7707083893',
    name: 'иван петров',
    phone: '+7 (916) 123-45-67',
    email: 'ivan@romashka.ru',
  };
  const shopRequired = 'Укажите ссылку магазина';
  const error = (field: Parameters<typeof registrationFieldError>[0], patch: object) =>
    registrationFieldError(field, { ...valid, ...patch }, shopRequired);

  it('checks the fields as the server does', () => {
    expect(error('domain', { domain: ' ' })).toBe(shopRequired);
    expect(error('company', { company: '' })).toBe(ACCOUNT_MSG.companyRequired);
    expect(error('name', { name: ' ' })).toBe(ACCOUNT_MSG.nameRequired);
    expect(error('email', { email: '' })).toBe(MSG.loginEmailRequired);
    expect(error('inn', { inn: '123' })).toBe(ACCOUNT_MSG.innInvalid);
    expect(innError('')).toBeNull();
    expect(innError('500100732259')).toBeNull();
    for (const field of ['domain', 'company', 'inn', 'name', 'email', 'password', 'confirm_password'] as const) {
      expect(error(field, {})).toBeNull();
    }
  });
  it('leaves the password optional, but checks it when given', () => {
    expect(error('password', { password: '' })).toBeNull();
    expect(error('password', { password: '123' })).toBe(ACCOUNT_MSG.passwordTooShort);
    expect(error('confirm_password', { password: '123456', confirm_password: '12345' })).toBe(ACCOUNT_MSG.passwordsDiffer);
  });
  it('builds the register request', () => {
    expect(registrationBody(valid)).toEqual({
      type: 'register',
      domain: 'kancler',
      company: 'ООО Ромашка',
      inn: '7707083893',
      name: 'Иван Петров',
      phone: '79161234567',
      email: 'ivan@romashka.ru',
    });
    expect(registrationBody({ ...valid, inn: '', phone: '', password: 'secret1', confirm_password: 'secret1' })).toEqual({
      type: 'register',
      domain: 'kancler',
      company: 'ООО Ромашка',
      name: 'Иван Петров',
      email: 'ivan@romashka.ru',
      password: 'secret1',
      confirm_password: 'secret1',
    });
  });
});

import type { z } from 'zod';
import type { checkAnswer, tokenAnswer } from './routes/auth';
import { LIMITS } from './limits';

export const PASSWORD_MIN = 6;
/** A longer password buys no safety and costs a slow hash per try. */
export const PASSWORD_MAX = 128;

/**
 * How the first-party web client keeps its session. With the header below the token endpoint puts the refresh
 * token into an HttpOnly cookie scoped to /v3/oauth/ instead of the JSON answer (other OAuth clients keep getting
 * it in the JSON, RFC 6749), and sets a JS-readable marker without any secret, so the web knows a session exists.
 */
export const WEB_SESSION = {
  cookieHeader: 'x-refresh-cookie',
  refreshCookie: 'oauth_refresh',
  refreshPath: '/v3/oauth/',
  markerCookie: 'has_session',
  /** The web's access-token cookie (JS-readable; the web sends the token as a Bearer header). */
  accessCookie: 'access_token',
} as const;

export type TokenResponse = z.infer<typeof tokenAnswer>;

export type TokenStatus = 'valid' | 'expired' | 'invalid';

/** GET /v3/api/utils/check/: defined with its route contract. */
export type CheckResponse = z.infer<typeof checkAnswer>;

/** GET /v3/api/partner/info/ and manager/info/: defined with their route contracts. */
export type { ManagerInfoResponse, PartnerInfoResponse } from './routes/partners';

/**
 * An account flow started in the shop (registration, recovery) sends `origin=shop`: its e-mailed link then opens the
 * shop's account page (/shop/{link}/account) instead of the back office's /login.
 */
export const SHOP_ORIGIN = 'shop';

/** POST /v3/api/auth/register/ `type` values (back-office.md §7). */
export const ACCOUNT_FLOW_TYPES = ['register', 'validation_reset', 'reset_password', 'change_password'] as const;

export const ACCOUNT_MSG = {
  passwordTooShort: `Пароль должен содержать не менее ${PASSWORD_MIN} символов`,
  passwordTooLong: `Пароль должен содержать не более ${PASSWORD_MAX} символов`,
  nameTooLong: `Имя не должно быть длиннее ${LIMITS.personNameMax} символов`,
  companyTooLong: `Название организации не должно быть длиннее ${LIMITS.companyNameMax} символов`,
  phoneInvalid: 'Неверный формат телефона',
  passwordsDiffer: 'Пароли не совпадают',
  currentPasswordWrong: 'Неверный текущий пароль',
  checkwordInvalid: 'Ссылка для восстановления недействительна или устарела. Запросите новую',
  confirmInvalid: 'Ссылка подтверждения недействительна или устарела',
  recoverySent: 'Если этот адрес зарегистрирован, на него отправлена ссылка для восстановления пароля',
  passwordChanged: 'Пароль изменен',
  /** The one answer to a valid registration, whether its address or INN was known (issue 37.7): a letter always goes. */
  registered: 'Заявка на регистрацию принята. Мы отправили письмо на указанный адрес электронной почты, следуйте инструкциям из него',
  emailConfirmed: 'Адрес электронной почты подтвержден. Теперь можно войти',
  emailNotConfirmed: 'Подтвердите адрес электронной почты по ссылке из письма',
  registrationClosed: 'Регистрация в этом магазине закрыта',
  companyRequired: 'Не указано название организации',
  innInvalid: 'ИНН должен содержать 10 или 12 цифр',
  nameRequired: 'Вы не указали имя',
} as const;

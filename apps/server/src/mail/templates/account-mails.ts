import { formatPhone } from '@b2b/contracts/phone-format';
import { mailBody } from '../mail-layout';

const SIGNATURE = 'Служба поддержки B2B-платформы';

export function employeeCredentialsMail(p: { name: string; email: string; password: string; partnerName: string; loginUrl: string }) {
  return {
    subject: `Доступ к личному кабинету «${p.partnerName}»`,
    ...mailBody(
      `Здравствуйте, ${p.name}!`,
      [
        `Для вас создан доступ к личному кабинету поставщика «${p.partnerName}».`,
        `Адрес для входа: ${p.loginUrl}\nЛогин: ${p.email}\nПароль: ${p.password}`,
        'Рекомендуем сменить пароль после первого входа.',
      ],
      SIGNATURE,
    ),
  };
}

export function passwordRecoveryMail(p: { name: string; link: string; hours: number }) {
  return {
    subject: 'Восстановление пароля',
    ...mailBody(
      `Здравствуйте${p.name ? `, ${p.name}` : ''}!`,
      [
        'Мы получили запрос на восстановление пароля к вашему личному кабинету.',
        `Чтобы задать новый пароль, перейдите по ссылке (она действует ${p.hours} ч и только один раз):\n${p.link}`,
        'Если вы не запрашивали восстановление, просто проигнорируйте это письмо.',
      ],
      SIGNATURE,
    ),
  };
}

export function registrationConfirmMail(p: { name: string; shopName: string; link: string }) {
  return {
    subject: `Подтверждение регистрации в магазине «${p.shopName}»`,
    ...mailBody(
      `Здравствуйте, ${p.name}!`,
      [`Вы зарегистрировались в интернет-магазине «${p.shopName}».`, `Чтобы подтвердить адрес электронной почты, перейдите по ссылке:\n${p.link}`],
      SIGNATURE,
    ),
  };
}

/**
 * To the owner of an address someone tried to register with (issue 37.7): the form answered as for any registration,
 * so only the mailbox's owner learns that the account exists.
 */
export function registrationAttemptMail(p: { name: string; shopName: string; signInLink: string }) {
  return {
    subject: `Попытка регистрации в магазине «${p.shopName}»`,
    ...mailBody(
      `Здравствуйте${p.name ? `, ${p.name}` : ''}!`,
      [
        `Кто-то попытался зарегистрироваться в интернет-магазине «${p.shopName}» с вашим адресом электронной почты.`,
        `У вас уже есть учетная запись в этом магазине, новая не создана. Войти можно по ссылке:\n${p.signInLink}\nЕсли вы не помните пароль, восстановите его на странице входа.`,
        'Если это были не вы, просто проигнорируйте это письмо: ваша учетная запись не изменилась.',
      ],
      SIGNATURE,
    ),
  };
}

/** What a registration with an INN the partner already serves asked for: the partner reviews it (issue 37.7). */
export interface RegistrationRequest {
  shopName: string;
  company: string;
  inn: string;
  name: string;
  email: string;
  phone: string | null;
  /** The partner's client that has this INN. */
  existingClient: string;
}

/** To the partner's notification addresses: a registration request with an INN one of its clients has. */
export function registrationRequestMail(p: RegistrationRequest) {
  return {
    subject: `Заявка на регистрацию в магазине «${p.shopName}»: ИНН ${p.inn}`,
    ...mailBody(
      'Здравствуйте!',
      [
        `В интернет-магазине «${p.shopName}» отправлена заявка на регистрацию с ИНН ${p.inn}. Организация с этим ИНН уже есть среди ваших клиентов: «${p.existingClient}», поэтому учетная запись не создана.`,
        `Данные заявки:\nОрганизация: ${p.company}\nИНН: ${p.inn}\nКонтактное лицо: ${p.name}\nE-mail: ${p.email}\nТелефон: ${formatPhone(p.phone) || 'не указан'}`,
        'Если это сотрудник вашего клиента, свяжитесь с ним по указанным контактам. Если вы не знаете этого человека, оставьте заявку без ответа: клиент и его данные не изменились.',
      ],
      p.shopName,
    ),
  };
}

/** To whoever sent a registration the partner has to review: the request was passed on. */
export function registrationPendingMail(p: { name: string; shopName: string }) {
  return {
    subject: `Заявка на регистрацию в магазине «${p.shopName}»`,
    ...mailBody(
      `Здравствуйте, ${p.name}!`,
      [
        `Вы отправили заявку на регистрацию в интернет-магазине «${p.shopName}».`,
        'Заявка передана поставщику на рассмотрение: он проверит данные и свяжется с вами.',
      ],
      SIGNATURE,
    ),
  };
}

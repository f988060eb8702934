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
      [
        `Вы зарегистрировались в интернет-магазине «${p.shopName}».`,
        `Чтобы подтвердить адрес электронной почты, перейдите по ссылке:\n${p.link}`,
      ],
      SIGNATURE,
    ),
  };
}

import { mailBody } from '../mail-layout';

/** The e-mails a client gets when its supplier blocks it (black list) or restores it. */
export function clientBlockedMail(p: { name: string; partnerName: string }) {
  return {
    subject: `Доступ к магазину «${p.partnerName}» приостановлен`,
    ...mailBody(
      `Здравствуйте${p.name ? `, ${p.name}` : ''}!`,
      [
        `Поставщик «${p.partnerName}» добавил вашу организацию в черный список.`,
        'Оформление новых заказов в интернет-магазине поставщика недоступно. Заказы, оформленные ранее, сохраняются.',
        'Чтобы узнать причину и восстановить доступ, свяжитесь с поставщиком.',
      ],
      p.partnerName,
    ),
  };
}

export function clientRestoredMail(p: { name: string; partnerName: string }) {
  return {
    subject: `Доступ к магазину «${p.partnerName}» восстановлен`,
    ...mailBody(
      `Здравствуйте${p.name ? `, ${p.name}` : ''}!`,
      [`Поставщик «${p.partnerName}» восстановил доступ вашей организации к интернет-магазину.`, 'Вы снова можете оформлять заказы.'],
      p.partnerName,
    ),
  };
}

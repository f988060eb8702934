import { z } from 'zod';
import { yn } from './http/envelope';
import { LIMITS } from './limits';

/*
 * The shop record's instructions block (shop-pricing-offers-loyalty.md §3 "…a registration flag and an instructions
 * block"; issue 39 §3): what the partner does so that clients reach the shop and order notices reach the staff, each
 * part marked done from the shop's own settings. The settings tab shows it beside the fields it speaks of; its last
 * part is the set of actions the notification checkbox («Подтвердите выполнение всех действий») confirms.
 */

export const SHOP_INSTRUCTION_CODES = ['SHOP_LINK', 'DOMAIN', 'MAIL'] as const;

export const shopInstruction = z.object({
  CODE: z.enum(SHOP_INSTRUCTION_CODES),
  TITLE: z.string(),
  /** Y when the shop's settings already do what the part asks. */
  DONE: yn,
  STEPS: z.array(z.string()),
});
export type ShopInstruction = z.infer<typeof shopInstruction>;

export interface InstructionFacts {
  /** The platform's public address (PUBLIC_URL): the shop lives at {it}/shop/{link or domain}. */
  publicUrl: string;
  /** The address order notices are sent from (MAIL_FROM, possibly «Name <address>»). */
  mailFrom: string;
  shopLink: string | null;
  domainName: string | null;
  notifyEmails: readonly string[];
  shopEmails: readonly string[];
  notifyConfirmed: boolean;
}

const addressOf = (from: string) => /<([^>]+)>/.exec(from)?.[1]?.trim() ?? from.trim();

export function shopInstructions(f: InstructionFacts): ShopInstruction[] {
  const base = f.publicUrl.replace(/\/+$/, '');
  const shopUrl = (name: string) => `${base}/shop/${encodeURIComponent(name)}`;
  const mailSetUp = f.notifyEmails.length > 0 && f.notifyConfirmed;
  return [
    {
      CODE: 'SHOP_LINK',
      TITLE: 'Ссылка на магазин',
      DONE: f.shopLink ? 'Y' : 'N',
      STEPS: f.shopLink
        ? [
            `Магазин открывается по адресу ${shopUrl(f.shopLink)} — отправьте эту ссылку клиентам.`,
            `Клиенты входят по этой ссылке или на странице ${base}/login, указав ссылку магазина «${f.shopLink}».`,
          ]
        : [
            'Укажите ссылку на магазин в поле «Ссылка на магазин»: латинские буквы, цифры, дефис и подчеркивание, без пробелов.',
            `Магазин откроется по адресу ${base}/shop/<ссылка>; отправьте её клиентам.`,
          ],
    },
    {
      CODE: 'DOMAIN',
      TITLE: 'Собственный домен',
      DONE: f.domainName ? 'Y' : 'N',
      STEPS: f.domainName
        ? [
            `Магазин открывается и по адресу ${shopUrl(f.domainName)}.`,
            `Клиенты могут входить, указав домен «${f.domainName}» вместо ссылки магазина.`,
          ]
        : [
            'Укажите домен сайта вашей компании в поле «Собственный домен», например shop.example.ru (без http:// и /).',
            `Клиенты смогут входить, указав домен вместо ссылки, и магазин откроется по адресу ${base}/shop/<домен>.`,
          ],
    },
    {
      CODE: 'MAIL',
      TITLE: 'Почта для уведомлений о заказах',
      DONE: mailSetUp ? 'Y' : 'N',
      STEPS: [
        `Укажите до ${LIMITS.notifyEmailsMax} адресов в поле «E-mail для уведомлений о заказах»: на них приходят новые заказы и заявки на регистрацию` +
          (f.shopEmails.length ? ', а пока их нет — на e-mail магазина.' : '.'),
        `Письма приходят с адреса ${addressOf(f.mailFrom)}: добавьте его в адресную книгу или белый список почты, чтобы они не попадали в спам.`,
        'Если почта на собственном домене, проверьте, что записи SPF и DKIM домена не отклоняют эти письма.',
        'Отметьте, что выполнили все действия, и сохраните настройки.',
      ],
    },
  ];
}

import { rubles } from '@b2b/contracts/storefront';
import { mailBody } from '../mail-layout';

interface OrderMailParams {
  /** Who the greeting names: the order's contact, else the client. */
  name: string;
  orderNumber: string;
  shopName: string;
}

const greeting = (name: string) => (name ? `Здравствуйте, ${name}!` : 'Здравствуйте!');

/** An amount with its currency named: «1 234,50 ₽» for roubles, «82,36 USD» for another (issue 38.7). */
const amount = (sum: string, currency: string) => `${rubles(sum)} ${currency === 'RUB' ? '₽' : currency}`;

/** The order's sum as mailed: the buyer's figure in the order's currency, with the roubles beside another currency's. */
interface OrderSum {
  /** Σ quantity × the shown price, in `currency`. */
  sum: string;
  currency: string;
  /** The same goods in roubles, the stored figure. */
  rubles: string;
}

/** To the client when the partner fulfils the order. */
export function orderCompletedMail(p: OrderMailParams) {
  return {
    subject: `Заказ ${p.orderNumber} исполнен`,
    ...mailBody(
      greeting(p.name),
      [
        `Ваш заказ ${p.orderNumber} в магазине «${p.shopName}» исполнен.`,
        'Спасибо, что выбираете нас! Если у вас есть вопросы по заказу, просто ответьте на это письмо.',
      ],
      p.shopName,
    ),
  };
}

/** To the client when the partner cancels the order, with the reason. */
export function orderCanceledMail(p: OrderMailParams & { reason: string }) {
  return {
    subject: `Заказ ${p.orderNumber} отменен`,
    ...mailBody(
      greeting(p.name),
      [
        `К сожалению, ваш заказ ${p.orderNumber} в магазине «${p.shopName}» отменен.`,
        `Причина: ${p.reason}`,
        'Если у вас есть вопросы, просто ответьте на это письмо.',
      ],
      p.shopName,
    ),
  };
}

/** When the order was placed, as text in the shop's time zone (issue 38 §8: «02.03.2026 02:20»). */
interface PlacedAt {
  placedAt?: string;
}

const placedLine = (p: PlacedAt) => (p.placedAt ? [`Дата заказа: ${p.placedAt}.`] : []);

/** To the buyer when the order is placed in the shop. */
export function orderPlacedMail(p: OrderMailParams & OrderSum & PlacedAt & { lines: number }) {
  return {
    subject: `Заказ ${p.orderNumber} принят`,
    ...mailBody(
      greeting(p.name),
      [
        `Ваш заказ ${p.orderNumber} в магазине «${p.shopName}» принят: ${p.lines} поз. на сумму ${amount(p.sum, p.currency)}.`,
        ...placedLine(p),
        'Мы сообщим, когда он будет исполнен. Статус заказа виден в разделе «Мои заказы».',
      ],
      p.shopName,
    ),
  };
}

/** To the shop's notification addresses when a buyer places an order. */
export function orderReceivedMail(p: OrderMailParams & OrderSum & PlacedAt & { lines: number; client: string }) {
  const total = p.currency === 'RUB' ? amount(p.rubles, 'RUB') : `${amount(p.rubles, 'RUB')} (${amount(p.sum, p.currency)})`;
  return {
    subject: `Новый заказ ${p.orderNumber}`,
    ...mailBody(
      'Здравствуйте!',
      [
        `В магазине «${p.shopName}» новый заказ ${p.orderNumber} от клиента «${p.client}»: ${p.lines} поз. на сумму ${total}.`,
        ...placedLine(p),
        'Заказ ждет вас в разделе «Заказы».',
      ],
      p.shopName,
    ),
  };
}

/**
 * To the shop's notification addresses when the distributor's manager routes an order to it (issue 39 §1): the new
 * order mail's content, saying where the order came from.
 */
export function orderRoutedMail(p: OrderMailParams & OrderSum & PlacedAt & { lines: number; client: string; from: string; manager: string }) {
  const total = p.currency === 'RUB' ? amount(p.rubles, 'RUB') : `${amount(p.rubles, 'RUB')} (${amount(p.sum, p.currency)})`;
  return {
    subject: `Вам передан заказ ${p.orderNumber}`,
    ...mailBody(
      'Здравствуйте!',
      [
        `Менеджер ${p.manager} передал в магазин «${p.shopName}» заказ клиента «${p.client}» от партнера «${p.from}»: ${p.lines} поз. на сумму ${total}. Номер заказа у вас: ${p.orderNumber}.`,
        ...placedLine(p),
        'Заказ ждет вас в разделе «Заказы».',
      ],
      p.shopName,
    ),
  };
}

/** To the shop when a buyer sends a review. */
export function reviewMail(p: { shopName: string; client: string; author: string; text: string }) {
  return {
    subject: `Отзыв клиента «${p.client}»`,
    ...mailBody('Здравствуйте!', [`${p.author} («${p.client}») оставил отзыв в магазине «${p.shopName}»:`, p.text], p.shopName),
  };
}

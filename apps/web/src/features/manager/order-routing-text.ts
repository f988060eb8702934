/** Interface labels of «Передать партнеру» on the manager's order card (issue 39 §1); the server's messages come from ORDER_ROUTING_MSG. */
export const ROUTING_UI = {
  button: 'Передать партнеру',
  title: (orderNumber: string) => `Передать заказ ${orderNumber} партнеру`,
  hint: 'Заказ перейдет к выбранному партнеру с теми же товарами, ценами и доставкой; у текущего партнера он исчезнет из списка.',
  partner: 'Партнер',
  placeholder: 'Начните вводить название или ссылку магазина',
  notFound: 'Партнеры не найдены',
  noShop: 'нет магазина',
  submit: 'Передать',
  done: (partner: string) => `Заказ передан партнеру «${partner}»`,
} as const;

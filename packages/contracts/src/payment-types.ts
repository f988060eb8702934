/** The payment types of a shop and its orders (shop-pricing-offers-loyalty.md §9), with their one Russian label each. */
export const PAYMENT_TYPES = ['CASH', 'NON_CASH', 'CARD'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

export const PAYMENT_TYPE_LABEL: Record<PaymentType, string> = {
  CASH: 'Наличные',
  NON_CASH: 'Безналичный расчет',
  CARD: 'Банковской картой',
};

/** Online payment by card: it needs a tax system for the receipts. */
export const ONLINE_PAYMENT_TYPE: PaymentType = 'CARD';

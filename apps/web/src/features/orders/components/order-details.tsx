import { Card, Descriptions, Typography } from 'antd';
import { STOREFRONT_MSG } from '@b2b/contracts/storefront';
import type { DescriptionsProps } from 'antd';
import { Link } from 'react-router';
import type { OrderCard } from '@b2b/contracts/orders';
import { OrderStatusTag } from '@/features/orders/components/order-status-tag';
import { OrderManagerSelect } from '@/features/orders/components/order-manager-select';
import { PaymentTypeSelect } from '@/features/orders/components/payment-type-select';
import { contactName, contactPhone, formatAmount, taxTypeLabel, yesNo } from '@/features/orders/order-format';
import { ORDER_UI } from '@/features/orders/order-text';
import { formatDateTime } from '@/shared/formatters/format-date';
import { formatPoints } from '@/shared/formatters/format-points';
import { PLURAL, countRu } from '@b2b/contracts/plural-ru';

const F = ORDER_UI.fields;
const dash = (value: React.ReactNode) => (value === null || value === undefined || value === '' ? ORDER_UI.none : value);

type Item = NonNullable<DescriptionsProps['items']>[number];
const field = (key: string, label: string, value: React.ReactNode, span?: Item['span']): Item => ({
  key,
  label,
  span,
  children: <span data-testid={`order-field-${key}`}>{dash(value)}</span>,
});

const text = (value: string | null | undefined) => (value ? <Typography.Text style={{ whiteSpace: 'pre-line' }}>{value}</Typography.Text> : null);

function Section({ title, items }: { title: string; items: Item[] }) {
  return (
    <Card size="small" title={title} style={{ marginBottom: 16 }}>
      <Descriptions size="small" bordered column={{ xs: 1, md: 2, xl: 3 }} items={items} />
    </Card>
  );
}

/** Every field of the spec's Order entity (back-office.md §3), in sections; the client links to its card unless told not to. */
export function OrderDetails({
  order,
  canChangePaymentType,
  canChooseManager = false,
  linkClient = true,
}: {
  order: OrderCard;
  canChangePaymentType: boolean;
  /** «Ответственный» is a choice (action=manager), else the name. */
  canChooseManager?: boolean;
  /** The manager has no client card to open. */
  linkClient?: boolean;
}) {
  const base = 'RUB';
  const cur = order.CURRENCY;
  const mail = order.CONTACTS.MAIL;
  const phone = contactPhone(order.CONTACTS.PHONE);
  const offers = [...new Set(order.OFFERS.map((o) => o.OFFER.NAME).filter(Boolean))].join(', ');

  return (
    <>
      <Section
        title={ORDER_UI.sections.main}
        items={[
          field('number', F.number, order.ORDER_NUMBER),
          field('date', F.date, formatDateTime(order.CREATE_DATE)),
          field('status', F.status, <OrderStatusTag code={order.STATUS.STATUS_CODE} />),
          field('shop', F.shop, order.SHOP.NAME),
          field('manager', F.manager, <OrderManagerSelect order={order} editable={canChooseManager} />),
          field('offers', F.offers, order.HAS_OFFER === 'Y' ? offers || yesNo('Y') : null),
        ]}
      />
      <Section
        title={ORDER_UI.sections.client}
        items={[
          field(
            'client',
            F.client,
            linkClient ? (
              <Link to={`/partner/clients/${order.CLIENT.ID}`} data-testid="order-client-link">
                {order.CLIENT.NAME}
              </Link>
            ) : (
              order.CLIENT.NAME
            ),
          ),
          field('contact-name', F.contactName, contactName(order.CONTACTS.NAME)),
          field('contact-phone', F.contactPhone, phone ? <a href={`tel:${phone.replace(/[^\d+]/g, '')}`}>{phone}</a> : null),
          field('contact-mail', F.contactMail, mail ? <a href={`mailto:${mail}`}>{mail}</a> : null),
          field('user-phone', F.userPhone, contactPhone(order.USER.PHONE)),
        ]}
      />
      <Section
        title={ORDER_UI.sections.delivery}
        items={[
          order.TRADEPOINT ? field('tradepoint', F.tradepoint, order.TRADEPOINT.ADDRESS.ADDRESS, 2) : field('address', F.address, order.ADDRESS, 2),
          field('payment-type', F.paymentType, <PaymentTypeSelect order={order} editable={canChangePaymentType} />),
          field('online-pay', F.onlinePay, order.ONLINE_PAY_STATUS?.TITLE),
          field('delivery-price', F.deliveryPrice, formatAmount(order.DELIVERY_PRICE, base)),
          field(
            'delivery-zone',
            F.deliveryZone,
            [order.DELIVERY_ZONE?.NAME, order.DELIVERY_BY_AGREEMENT === 'Y' ? `(${STOREFRONT_MSG.deliveryByAgreement})` : null]
              .filter(Boolean)
              .join(' '),
          ),
          field('tax-type', F.taxType, taxTypeLabel(order.TAX_TYPE)),
        ]}
      />
      <Section
        title={ORDER_UI.sections.sums}
        items={[
          field('currency', F.currency, cur),
          field('position-count', F.positionCount, countRu(order.POSITION_COUNT, PLURAL.position)),
          field('min-order-sum', F.minOrderSum, formatAmount(order.MIN_ORDER_SUM, base)),
          field('position-sum', F.positionSum, formatAmount(order.POSITION_SUM, base)),
          field('position-margin', F.positionMargin, formatAmount(order.POSITION_MARGIN, base)),
          field('products-sum', F.productsSum, formatAmount(order.PRODUCTS_SUM, base)),
          field('cur-position-sum', F.curPositionSum, formatAmount(order.CUR_POSITION_SUM, cur)),
          field('cur-position-margin', F.curPositionMargin, formatAmount(order.CUR_POSITION_MARGIN, cur)),
        ]}
      />
      <Section
        title={ORDER_UI.sections.comments}
        items={[
          field('comment', F.comment, text(order.COMMENT), 3),
          field('shop-comment', F.shopComment, text(order.SHOP_COMMENT), 3),
          field('note', F.note, text(order.NOTE), 3),
          ...(order.CANCEL_COMMENT || order.STATUS.STATUS_CODE === 'CANCELED'
            ? [field('cancel-comment', F.cancelComment, text(order.CANCEL_COMMENT), 3)]
            : []),
        ]}
      />
      <Section
        title={ORDER_UI.sections.loyalty}
        items={[
          field('is-loyalty', F.isLoyalty, yesNo(order.IS_LOYALTY)),
          field('loyalty-sum', F.loyaltySum, formatPoints(order.LOYALTY_SUM)),
          field('returned-bonus', F.returnedBonus, formatPoints(order.RETURNED_BONUS)),
        ]}
      />
    </>
  );
}

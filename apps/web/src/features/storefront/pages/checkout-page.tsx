import { useState } from 'react';
import { Alert, Button, Flex, Form, Input, Radio, Skeleton, Typography } from 'antd';
import { Link, useNavigate } from 'react-router';
import { LIMITS } from '@b2b/contracts/limits';
import { STOREFRONT_MSG, type CheckoutAnswer } from '@b2b/contracts/storefront';
import { isApiError } from '@/api/api-error';
import { errorText } from '@/api/error-text';
import { useCheckout, usePlaceOrder } from '@/features/storefront/api/storefront-api';
import { BasketGiftNote } from '@/features/storefront/offers/offer-parts';
import { BasketTotals } from '@/features/storefront/pages/basket-page';
import { useShop } from '@/features/storefront/shop-context';
import { ZoneChoiceInput } from '@/features/storefront/components/zone-choice';
import { deliveryQuery, setZoneChoice, useZoneChoice, type ZoneChoice } from '@/features/storefront/delivery-choice';
import { SHOP_UI } from '@/features/storefront/shop-text';
import { checkoutDefaults, orderRequest, ORDER_FIELDS, type CheckoutValues } from '@/features/storefront/checkout-form';
import { formatPhone } from '@/shared/inputs/phone';

const T = SHOP_UI.checkout;

function CheckoutForm({ data, zone }: { data: CheckoutAnswer; zone: ZoneChoice }) {
  const { link, to } = useShop();
  const navigate = useNavigate();
  const [form] = Form.useForm<CheckoutValues>();
  const place = usePlaceOrder(link);
  const [failure, setFailure] = useState<string | null>(null);
  const delivery = Form.useWatch('delivery', form) ?? checkoutDefaults(data).delivery;

  const submit = async (values: CheckoutValues) => {
    setFailure(null);
    try {
      const answer = await place.mutateAsync(orderRequest(values, data.BASKET.SUM));
      void navigate(to(`placed/${answer.ORDER_ID}`), { replace: true });
    } catch (error) {
      if (isApiError(error) && error.kind === 'failure') {
        const entries = Object.entries(error.errors);
        const known = (key: string) => (ORDER_FIELDS as readonly string[]).includes(key);
        form.setFields(entries.filter(([key]) => known(key)).map(([name, message]) => ({ name: name as keyof CheckoutValues, errors: [message] })));
        const other = entries.filter(([key]) => !known(key)).map(([, message]) => message);
        setFailure(other.length ? other.join('\n') : null);
      } else {
        setFailure(errorText(error));
      }
    }
  };

  const section = (title: string, children: React.ReactNode) => (
    <section style={{ background: '#fff', borderRadius: 8, padding: '16px 20px' }}>
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {title}
      </Typography.Title>
      {children}
    </section>
  );

  return (
    <Form<CheckoutValues>
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={checkoutDefaults(data, zone)}
      // The zone chosen prices the basket (the server's answer for it replaces the totals).
      onValuesChange={(changed: Partial<CheckoutValues>) => {
        if ('delivery_zone_id' in changed) setZoneChoice(link, changed.delivery_zone_id ?? null);
      }}
      onFinish={submit}
      disabled={place.isPending}
      data-testid="checkout-form"
    >
      <Flex gap={16} align="flex-start" wrap>
        <Flex vertical gap={16} style={{ flex: '1 1 560px', minWidth: 0 }}>
          {failure && <Alert type="error" showIcon title={failure} style={{ whiteSpace: 'pre-line' }} data-testid="checkout-error" />}
          {section(
            T.delivery,
            <>
              <Form.Item name="delivery">
                <Radio.Group
                  optionType="button"
                  buttonStyle="solid"
                  options={(['DELIVERY', 'PICKUP'] as const)
                    .filter((kind) => kind === 'PICKUP' || data.SELFDELIVERY_ONLY !== 'Y')
                    .map((kind) => ({ value: kind, label: <span data-testid={`checkout-${kind.toLowerCase()}`}>{T.deliveryKinds[kind]}</span> }))}
                />
              </Form.Item>
              {delivery === 'DELIVERY' ? (
                <>
                  <Form.Item label={T.address} name="address" rules={[{ required: true, whitespace: true, message: STOREFRONT_MSG.addressRequired }]}>
                    <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} maxLength={500} data-testid="checkout-address" />
                  </Form.Item>
                  {data.BASKET.DELIVERY_ZONES.length > 0 && (
                    <Form.Item label={SHOP_UI.basket.zone} name="delivery_zone_id" rules={[{ required: true, message: STOREFRONT_MSG.zoneRequired }]}>
                      <ZoneChoiceInput basket={data.BASKET} kind="list" />
                    </Form.Item>
                  )}
                </>
              ) : (
                <Form.Item label={T.tradepoint} name="tradepoint_id" rules={[{ required: true, message: STOREFRONT_MSG.tradepointRequired }]}>
                  <Radio.Group
                    style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
                    options={data.TRADEPOINTS.map((t) => ({
                      value: t.ID,
                      label: (
                        <span data-testid="checkout-tradepoint">
                          {t.ADDRESS}
                          {t.BASE === 'Y' && <Typography.Text type="secondary"> — {T.mainTradepoint}</Typography.Text>}
                        </span>
                      ),
                    }))}
                  />
                </Form.Item>
              )}
              {data.ABOUT_DELIVERY && (
                <Typography.Paragraph type="secondary" style={{ whiteSpace: 'pre-line', marginBottom: 0 }}>
                  {data.ABOUT_DELIVERY}
                </Typography.Paragraph>
              )}
            </>,
          )}
          {section(
            T.payment,
            <>
              <Form.Item name="payment_type" rules={[{ required: true, message: STOREFRONT_MSG.paymentTypeRequired }]}>
                <Radio.Group
                  style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
                  options={data.PAYMENT_TYPES.map((p) => ({ value: p.ID, label: <span data-testid={`checkout-payment-${p.ID}`}>{p.NAME}</span> }))}
                />
              </Form.Item>
              {data.ABOUT_PAYMENT && (
                <Typography.Paragraph type="secondary" style={{ whiteSpace: 'pre-line', marginBottom: 0 }}>
                  {data.ABOUT_PAYMENT}
                </Typography.Paragraph>
              )}
            </>,
          )}
          {section(
            T.contacts,
            <>
              <Flex gap={16} wrap>
                <Form.Item
                  label={T.contactName}
                  name="contact_name"
                  rules={[{ required: true, whitespace: true, message: STOREFRONT_MSG.contactRequired }]}
                  style={{ flex: '1 1 220px' }}
                >
                  <Input autoComplete="name" maxLength={LIMITS.personNameMax * 2} data-testid="checkout-contact-name" />
                </Form.Item>
                <Form.Item
                  label={T.contactPhone}
                  name="contact_phone"
                  rules={[{ required: true, whitespace: true, message: STOREFRONT_MSG.contactRequired }]}
                  normalize={(v: string) => formatPhone(v ?? '')}
                  style={{ flex: '1 1 180px' }}
                >
                  <Input inputMode="tel" autoComplete="tel" placeholder="+7 (___) ___-__-__" data-testid="checkout-contact-phone" />
                </Form.Item>
                <Form.Item label={T.contactEmail} name="contact_email" style={{ flex: '1 1 220px' }}>
                  <Input inputMode="email" autoComplete="email" maxLength={LIMITS.emailMax} data-testid="checkout-contact-email" />
                </Form.Item>
              </Flex>
              <Form.Item label={T.comment} name="comment" style={{ marginBottom: 0 }}>
                <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={LIMITS.orderNoteMax} showCount data-testid="checkout-comment" />
              </Form.Item>
            </>,
          )}
        </Flex>
        <Flex vertical gap={12} style={{ flex: '0 0 320px', maxWidth: '100%' }}>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {T.yourOrder}
          </Typography.Title>
          <BasketGiftNote gifts={data.BASKET} />
          <BasketTotals
            basket={data.BASKET}
            pickup={delivery === 'PICKUP'}
            action={
              <Button
                type="primary"
                size="large"
                block
                htmlType="submit"
                loading={place.isPending}
                disabled={data.BASKET.CAN_ORDER === 'N'}
                data-testid="checkout-submit"
              >
                {T.submit}
              </Button>
            }
          />
          <Link to={to('basket')}>{T.backToBasket}</Link>
        </Flex>
      </Flex>
    </Form>
  );
}

/** /shop/{link}/checkout: delivery or pickup, address or pickup point, payment type, contacts, comment. */
export function CheckoutPage() {
  const { link, to } = useShop();
  const zone = useZoneChoice(link);
  const checkout = useCheckout(link, deliveryQuery(zone));
  if (checkout.isPending) return <Skeleton active paragraph={{ rows: 10 }} />;
  if (checkout.isError) return <Alert type="error" showIcon title={errorText(checkout.error)} data-testid="checkout-error" />;
  return (
    <Flex vertical gap={12}>
      <Typography.Title level={3} style={{ margin: 0 }} data-testid="page-title">
        {T.title}
      </Typography.Title>
      {checkout.data.BASKET.ITEMS.length === 0 ? (
        <Alert type="info" showIcon title={SHOP_UI.basket.empty} action={<Link to={to()}>{SHOP_UI.basket.toCatalog}</Link>} />
      ) : (
        <CheckoutForm data={checkout.data} zone={zone} />
      )}
    </Flex>
  );
}

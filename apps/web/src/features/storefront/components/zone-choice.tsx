import { Radio, Select, Typography } from 'antd';
import { STOREFRONT_MSG, type BasketAnswer, type BasketZone } from '@b2b/contracts/storefront';
import { formatPrice, isZero } from '@/features/storefront/money';
import type { ZoneChoice } from '@/features/storefront/delivery-choice';
import { SHOP_UI } from '@/features/storefront/shop-text';

const B = SHOP_UI.basket;

/** A zone as the buyer reads it: «Москва за МКАД — 700,00 ₽ · бесплатно от 25 000,00 ₽». */
function zoneLabel(zone: BasketZone, currency: string) {
  const price = isZero(zone.PRICE) ? B.deliveryFree : formatPrice(zone.PRICE, currency);
  return [`${zone.NAME} — ${price}`, zone.FREE_FROM && !isZero(zone.PRICE) ? B.freeFromShort(formatPrice(zone.FREE_FROM, currency)) : null]
    .filter(Boolean)
    .join(' · ');
}

const OUTSIDE_LABEL = `${STOREFRONT_MSG.outsideZoneOption} — ${STOREFRONT_MSG.deliveryByAgreement}`;

/** The zones to choose from: a list (checkout) or a drop-down (basket); OUTSIDE where the shop delivers outside them. */
export function ZoneChoiceInput({
  basket,
  value,
  onChange,
  kind,
}: {
  basket: BasketAnswer;
  value?: ZoneChoice;
  onChange?: (choice: ZoneChoice) => void;
  kind: 'list' | 'select';
}) {
  const options = [
    ...basket.DELIVERY_ZONES.map((z) => ({ value: z.ID as ZoneChoice, label: zoneLabel(z, basket.CURRENCY) })),
    ...(basket.DELIVERY_OUTSIDE_ZONES === 'Y' ? [{ value: 'OUTSIDE' as ZoneChoice, label: OUTSIDE_LABEL }] : []),
  ];
  if (kind === 'select') {
    return (
      <Select<ZoneChoice>
        value={value ?? undefined}
        onChange={(v) => onChange?.(v)}
        placeholder={B.zonePlaceholder}
        options={options.map((o) => ({ value: o.value, label: <span data-testid="zone-option">{o.label}</span> }))}
        style={{ width: '100%' }}
        data-testid="basket-zone"
      />
    );
  }
  return (
    <Radio.Group
      value={value ?? undefined}
      onChange={(e) => onChange?.(e.target.value as ZoneChoice)}
      style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
      options={options.map((o) => ({
        value: o.value as number | string,
        label: (
          <Typography.Text data-testid="checkout-zone" data-zone={String(o.value)}>
            {o.label}
          </Typography.Text>
        ),
      }))}
    />
  );
}

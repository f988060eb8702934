import { Form, Input } from 'antd';
import type { ShopSettingsAnswer } from '@b2b/contracts/shop-wire';
import { FlagField } from '@/features/settings/components/choice-fields';
import { DefaultTextField } from '@/features/settings/components/default-text-field';
import { DeliveryExcludeCard } from '@/features/settings/components/delivery-exclude-card';
import { DeliveryZonesCard } from '@/features/settings/components/delivery-zones-card';
import { MoneyField } from '@/features/settings/components/money-input';
import { SettingsFormCard, useShopPartForm } from '@/features/settings/components/settings-form-card';
import { ShopSettingsTab } from '@/features/settings/components/shop-settings-tab';
import { TradepointsCard } from '@/features/settings/components/tradepoints-card';
import { SETTINGS_TEXT as T } from '@/features/settings/settings-text';
import { deliveryPayload, deliveryValues } from '@/features/settings/shop-form-values';

const ALIASES = { check_selfdelivery_only: 'selfdelivery_only' };

function DeliveryForm({ data, disabled }: { data: ShopSettingsAnswer; disabled: boolean }) {
  const card = useShopPartForm('delivery', deliveryValues(data.SHOP), deliveryPayload, ALIASES);
  const { form } = card;
  const selfOnly = Form.useWatch('selfdelivery_only', form) as boolean | undefined;
  const noCheck = Form.useWatch('no_check_order_sum', form) as boolean | undefined;
  const showDelay = Form.useWatch('show_delay_text', form) as boolean | undefined;
  return (
    <SettingsFormCard title={T.deliveryCard} testId="delivery-form" disabled={disabled} {...card}>
      <FlagField name="selfdelivery_only" label={T.selfdeliveryOnly} checkbox />
      <MoneyField name="min_sum" label={T.minSum} disabled={selfOnly} />
      <MoneyField name="delivery_price" label={T.deliveryPrice} disabled={selfOnly} />
      <FlagField name="delivery_outside_zones" label={T.outsideZones} />
      <MoneyField name="min_order_sum" label={T.minOrderSum} disabled={noCheck} />
      <FlagField name="no_check_order_sum" label={T.noCheckOrderSum} checkbox />
      <DefaultTextField
        name="about_delivery"
        toggle="about_delivery_default"
        label={T.aboutDelivery}
        defaultText={data.DEFAULT_TEXT.ABOUT_DELIVERY}
      />
      <FlagField name="show_delay_text" label={T.showDelayText} checkbox />
      <Form.Item name="about_delay" label={T.aboutDelay}>
        <Input.TextArea rows={2} maxLength={2000} disabled={!showDelay} placeholder={data.DEFAULT_TEXT.ABOUT_DELAY} />
      </Form.Item>
    </SettingsFormCard>
  );
}

/** /partner/settings/my-shipping: delivery settings, tradepoints, delivery zones and the delivery exclusion file. */
export function MyShippingTab() {
  return (
    <ShopSettingsTab>
      {(data, { editStore, editTradepoints }) => (
        <>
          <DeliveryForm data={data} disabled={!editStore} />
          <TradepointsCard disabled={!editTradepoints} />
          <DeliveryZonesCard disabled={!editStore} shopFreeFrom={data.SHOP.MIN_SUM} />
          <DeliveryExcludeCard disabled={!editStore} />
        </>
      )}
    </ShopSettingsTab>
  );
}

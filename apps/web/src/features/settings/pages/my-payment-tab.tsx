import type { ShopSettingsAnswer } from '@b2b/contracts/shop-wire';
import { ChoiceField } from '@/features/settings/components/choice-fields';
import { DefaultTextField } from '@/features/settings/components/default-text-field';
import { SettingsFormCard, useShopPartForm } from '@/features/settings/components/settings-form-card';
import { ShopSettingsTab } from '@/features/settings/components/shop-settings-tab';
import { SETTINGS_TEXT as T } from '@/features/settings/settings-text';
import { paymentPayload, paymentValues } from '@/features/settings/shop-form-values';

function PaymentForm({ data, disabled }: { data: ShopSettingsAnswer; disabled: boolean }) {
  const card = useShopPartForm('payment', paymentValues(data.SHOP), paymentPayload);
  return (
    <SettingsFormCard title={T.paymentCard} testId="payment-form" disabled={disabled} {...card}>
      <ChoiceField name="payment_type" label={T.paymentType} choices={data.ENTITIES.PAYMENT_TYPE} as="checkboxes" />
      <ChoiceField name="tax_system" label={T.taxSystem} choices={data.ENTITIES.TAX_SYSTEM} width={360} allowClear />
      <DefaultTextField name="about_payment" toggle="about_payment_default" label={T.aboutPayment} defaultText={data.DEFAULT_TEXT.ABOUT_PAYMENT} />
    </SettingsFormCard>
  );
}

/** /partner/settings/my-payment: payment types (all on by default), tax system, about-payment text. */
export function MyPaymentTab() {
  return <ShopSettingsTab>{(data, rights) => <PaymentForm data={data} disabled={!rights.editStore} />}</ShopSettingsTab>;
}

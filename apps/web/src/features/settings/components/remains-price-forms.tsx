import { Form, Input } from 'antd';
import { DEFAULTS } from '@b2b/contracts/limits';
import type { ShopSettingsAnswer } from '@b2b/contracts/shop-wire';
import { savePriceSettings, useSaveShopSettings } from '@/features/settings/api/shop-settings-api';
import { ChoiceField, FlagField } from '@/features/settings/components/choice-fields';
import { SettingsFormCard, useLoadedForm, useShopPartForm } from '@/features/settings/components/settings-form-card';
import { SETTINGS_TEXT as T } from '@/features/settings/settings-text';
import { pricePayload, priceValues, remainsValues, type RemainsValues } from '@/features/settings/shop-form-values';
import { cleanMoneyInput } from '@/shared/inputs/money';

interface FormProps {
  data: ShopSettingsAnswer;
  disabled: boolean;
}

/** Remains: assortment BASE (Корпоративный) or EXTENDED (Сайт), multiplicity, stock shown (ADMIN, PRICE). */
export function RemainsForm({ data, disabled }: FormProps) {
  const card = useShopPartForm('remains', remainsValues(data.SHOP), (v: RemainsValues) => v);
  return (
    <SettingsFormCard title={T.remainsCard} testId="remains-form" disabled={disabled} {...card}>
      <ChoiceField name="assortment" label={T.assortment} choices={data.ENTITIES.ASSORTMENT} as="radio" />
      <ChoiceField name="multiplicity" label={T.multiplicity} choices={data.ENTITIES.MULTIPLICITY} />
      <FlagField name="show_stock" label={T.showStock} />
    </SettingsFormCard>
  );
}

/** Price settings: price type (default RRC), margin, tax type (default WITH_VAT), currency and its rate. */
export function PriceSettingsForm({ data, disabled }: FormProps) {
  const card = useLoadedForm(useSaveShopSettings(savePriceSettings), priceValues(data.SHOP), pricePayload);
  const currency = Form.useWatch('currency', card.form) as string | undefined;
  return (
    <SettingsFormCard title={T.priceCard} testId="price-form" disabled={disabled} {...card}>
      <ChoiceField name="price_type" label={T.priceType} choices={data.ENTITIES.PRICE_TYPE} width={360} />
      <FlagField name="show_margin" label={T.showMargin} />
      <ChoiceField name="tax_type" label={T.taxType} choices={data.ENTITIES.TAX_TYPE} as="radio" />
      <ChoiceField name="currency" label={T.currency} choices={data.ENTITIES.CURRENCY} />
      {currency && currency !== DEFAULTS.currency && (
        <Form.Item name="currency_rate" label={T.currencyRate} normalize={(v: string) => cleanMoneyInput(v ?? '', 6)}>
          <Input inputMode="decimal" style={{ maxWidth: 200 }} />
        </Form.Item>
      )}
    </SettingsFormCard>
  );
}

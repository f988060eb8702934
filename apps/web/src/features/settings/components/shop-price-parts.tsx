import { PriceSettingsForm, RemainsForm } from '@/features/settings/components/remains-price-forms';
import { ShopSettingsTab } from '@/features/settings/components/shop-settings-tab';

/*
 * The shop's price settings and remains forms outside the settings tabs (/partner/pricing/settings,
 * /partner/assortment): the shop settings loaded as on my-settings, editable with editPriceSettings (ADMIN, PRICE).
 */

export function ShopPriceSettings() {
  return <ShopSettingsTab>{(data, { editPrice }) => <PriceSettingsForm data={data} disabled={!editPrice} />}</ShopSettingsTab>;
}

export function ShopRemainsSettings() {
  return <ShopSettingsTab>{(data, { editPrice }) => <RemainsForm data={data} disabled={!editPrice} />}</ShopSettingsTab>;
}

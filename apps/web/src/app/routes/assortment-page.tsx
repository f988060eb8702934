import { Tabs } from 'antd';
import { AssortmentSections } from '@/features/pricing/assortment/assortment-sections';
import { ShopRemainsSettings } from '@/features/settings/components/shop-price-parts';
import { PageTitle } from '@/shared/ui/page-title';
import { SECTION_TITLE, TAB_LABEL } from '@/shared/ui-text';

/**
 * /partner/assortment, tab Настройка ассортимента (shop-pricing-offers-loyalty.md §2): the shop's assortment, stock
 * display and multiplicity (settings) above the catalogue sections shown or hidden in the shop (pricing). Composed
 * here: a feature does not import another one.
 */
export function AssortmentPage() {
  return (
    <div data-testid="assortment-page">
      <PageTitle>{SECTION_TITLE.assortment}</PageTitle>
      <Tabs
        activeKey="assortment"
        items={[{ key: 'assortment', label: <span data-testid="tab-assortment">{TAB_LABEL.assortment.assortment}</span> }]}
      />
      <ShopRemainsSettings />
      <AssortmentSections />
    </div>
  );
}

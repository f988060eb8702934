import { useLocation, useSearchParams } from 'react-router';
import { PricingItemPage } from '@/features/pricing/panel/pricing-item-page';
import { TabbedSection } from '@/shared/ui/tabbed-section';
import { SECTION_TITLE, TAB_LABEL } from '@/shared/ui-text';

const TABS = Object.entries(TAB_LABEL.pricing).map(([key, label]) => ({ key, label }));

/**
 * /partner/pricing: the tabs, or, with ?id, the page of one price list, column or client
 * (/partner/pricing/{type}?id=…; a price list's or column's page is its tab showing that id). The type is read
 * from the path: this layout route does not see its child's params.
 */
export function PricingPage() {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const id = params.get('id');
  const type = pathname.split('/')[3] || 'pricelist';
  // A price list's or column's page is its tab with the id selected (the tab reads ?id); a client's is its own page.
  if (id && type === 'client') return <PricingItemPage type={type} id={id} />;
  return <TabbedSection title={SECTION_TITLE.pricing} basePath="/partner/pricing" tabs={TABS} />;
}

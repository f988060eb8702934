import { useLocation, useSearchParams } from 'react-router';
import { InDevelopment } from '@/shared/ui/in-development';
import { TabbedSection } from '@/shared/ui/tabbed-section';
import { PAGE_TITLE, SECTION_TITLE, TAB_LABEL } from '@/shared/ui-text';

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
  // A price list's or column's page is its tab with the id selected (the tab reads ?id).
  if (id && type !== 'pricelist' && type !== 'column') return <InDevelopment title={PAGE_TITLE.priceItem(type, id)} />;
  return <TabbedSection title={SECTION_TITLE.pricing} basePath="/partner/pricing" tabs={TABS} />;
}

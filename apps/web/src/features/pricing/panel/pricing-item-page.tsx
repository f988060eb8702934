import { Space, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Link, Navigate } from 'react-router';
import { useSections } from '@/features/pricing/api/pricing-api';
import { PricePanel } from '@/features/pricing/components/price-panel';
import { type PanelTarget, parsePanelTarget } from '@/features/pricing/panel/price-file-target';
import { PANEL_UI as T } from '@/features/pricing/panel/pricing-panel-text';
import { PageTitle } from '@/shared/ui/page-title';
import { PAGE_TITLE } from '@/shared/ui-text';

const CLIENT_PRICES_TAB = (id: number | string) => `/partner/clients/${id}/personal-settings`;

function PricingItem({ target }: { target: PanelTarget }) {
  const sections = useSections(target);
  const name = sections.data?.ENTITIES.PRICE.NAME;
  return (
    <div data-testid="pricing-item-page">
      <Space orientation="vertical" size={0} style={{ marginBottom: 16 }}>
        {target.type === 'client' && (
          <Link to={CLIENT_PRICES_TAB(target.id)} data-testid="pricing-item-back">
            <ArrowLeftOutlined /> {T.toClient}
          </Link>
        )}
        <PageTitle>{name ?? PAGE_TITLE.priceItem(target.type, String(target.id))}</PageTitle>
        <Typography.Text type="secondary" data-testid="pricing-item-kind" style={{ marginTop: -8 }}>
          {T.kind[target.type]}
        </Typography.Text>
      </Space>
      <PricePanel type={target.type} id={target.id} />
    </div>
  );
}

/** /partner/pricing/{type}?id=…: the title (the list's, column's or client's name) and its pricing panel; a bad type or id goes to the price lists. */
export function PricingItemPage({ type, id }: { type: string; id: string }) {
  const target = parsePanelTarget(type, id);
  if (!target) return <Navigate to="/partner/pricing/pricelist" replace />;
  return <PricingItem key={`${target.type}-${target.id}`} target={target} />;
}

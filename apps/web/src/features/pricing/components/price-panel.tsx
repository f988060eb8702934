import { Typography } from 'antd';
import type { PriceListId, PriceListType } from '@b2b/contracts/price-lists';
import { usePriceList } from '@/features/pricing/api/price-lists-api';

/**
 * The pricing of one price list or column (the section tree, markups, Excel files). For now its name only; the
 * pricing screens fill it in.
 */
export function PricePanel({ type, id }: { type: PriceListType; id: PriceListId }) {
  const item = usePriceList(type, id);
  return (
    <div data-testid="price-panel" data-type={type} data-id={String(id)}>
      <Typography.Title level={5} data-testid="price-panel-name" style={{ marginTop: 0 }}>
        {item.data?.NAME}
      </Typography.Title>
    </div>
  );
}

import { Empty, Menu, Tag, Typography } from 'antd';
import type { PriceListId, PriceListItem, PriceListKind } from '@b2b/contracts/price-lists';
import { PRICE_LISTS_UI } from '@/features/pricing/price-lists-text';

interface Props {
  kind: PriceListKind;
  items: PriceListItem[];
  /** The price lists, to name a column's list. */
  lists: PriceListItem[];
  selected: PriceListId | undefined;
  onSelect: (id: PriceListId) => void;
}

/** The selectable list of price lists (or columns, each with its price list). */
export function PriceListMenu({ kind, items, lists, selected, onSelect }: Props) {
  if (!items.length) return <Empty description={PRICE_LISTS_UI.empty[kind]} data-testid="price-list-empty" />;
  const byKey = new Map(items.map((i) => [String(i.ID), i.ID]));
  return (
    <Menu
      data-testid="price-list-menu"
      mode="inline"
      style={{ borderInlineEnd: 'none' }}
      selectedKeys={selected === undefined ? [] : [String(selected)]}
      onClick={({ key }) => {
        const id = byKey.get(key);
        if (id !== undefined) onSelect(id);
      }}
      items={items.map((item) => ({
        key: String(item.ID),
        label: (
          <span data-testid={`price-list-item-${item.ID}`} data-name={item.NAME}>
            {item.NAME}
            {item.IS_BASE === 'Y' && (
              <Tag style={{ marginInlineStart: 8 }} color="green">
                {PRICE_LISTS_UI.base}
              </Tag>
            )}
            {kind === 'COLUMN' && (
              <Typography.Text type="secondary" style={{ marginInlineStart: 8 }}>
                {lists.find((l) => l.ID === item.PARENT_ID)?.NAME}
              </Typography.Text>
            )}
          </span>
        ),
      }))}
    />
  );
}

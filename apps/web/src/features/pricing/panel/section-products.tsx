import { useState } from 'react';
import { Alert, Button, Card, Input, Popconfirm, Space, Table, Tag, Tooltip } from 'antd';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { ACTION_LABEL } from '@b2b/contracts/messages';
import { PRICING_MSG, type PricingProduct, type PricingSection } from '@b2b/contracts/pricing';
import { errorText } from '@/api/error-text';
import { PRODUCTS_PAGE_SIZE, useSaveProductPrice, useSectionProducts } from '@/features/pricing/api/pricing-api';
import type { PanelRights } from '@/features/pricing/panel/panel-rights';
import { formatPercent } from '@/features/pricing/panel/percent-text';
import type { PanelTarget } from '@/features/pricing/panel/price-file-target';
import { PANEL_UI as T, SOURCE_LABEL } from '@/features/pricing/panel/pricing-panel-text';
import { ProductPriceModal } from '@/features/pricing/panel/product-price-modal';
import { SectionRate } from '@/features/pricing/panel/section-rate';
import { formatMoney } from '@/shared/formatters/format-money';
import { useDebounced } from '@/shared/hooks/use-debounced';
import { notifySuccess } from '@/shared/ui/notify';
import { fixFirstColumn } from '@/shared/ui/wide-table';

const cell = (col: string, text: React.ReactNode) => <span data-col={col}>{text}</span>;

/** The row's own price: the product's rate in a list or column, the client's point price; edited in a modal, deleted here. */
function RowActions({ target, product, onEdit }: { target: PanelTarget; product: PricingProduct; onEdit: () => void }) {
  const save = useSaveProductPrice(target);
  const client = target.type === 'client';
  const remove = async () => {
    const answer = await save.mutateAsync({ productId: product.ID, remove: true });
    notifySuccess(answer.MESSAGE ?? (client ? PRICING_MSG.personalPriceSaved : PRICING_MSG.productRateSaved));
  };
  return (
    <Space size={0}>
      <Tooltip title={client ? T.editPrice : T.editRate}>
        <Button type="text" size="small" icon={<EditOutlined />} onClick={onEdit} data-testid="product-price-edit" aria-label={ACTION_LABEL.edit} />
      </Tooltip>
      {product.INDIVIDUAL === 'Y' && (
        <Popconfirm
          title={client ? T.deletePriceConfirm : T.deleteRateConfirm}
          okText={T.yes}
          cancelText={T.no}
          onConfirm={remove}
          okButtonProps={{ loading: save.isPending }}
        >
          <Tooltip title={client ? T.deletePrice : T.deleteRate}>
            <Button type="text" size="small" danger icon={<DeleteOutlined />} data-testid="product-price-delete" aria-label={ACTION_LABEL.delete} />
          </Tooltip>
        </Popconfirm>
      )}
    </Space>
  );
}

/**
 * The selected section: its markup (editable on a list's or column's page) and its products, all depths below it, with
 * the prices the price engine gives (24 a page; a search by name or 6-digit code).
 */
export function SectionProducts({ target, section, rights }: { target: PanelTarget; section: PricingSection; rights: PanelRights }) {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const query = useDebounced(search.trim(), 400);
  const offset = (page - 1) * PRODUCTS_PAGE_SIZE;
  const products = useSectionProducts(target, section.ID, { offset, query });
  const [editing, setEditing] = useState<PricingProduct>();
  const canEdit = target.type === 'client' ? rights.editPointPrices : rights.editRates;

  return (
    <Card size="small" title={section.NAME} data-testid="section-products" data-section={section.ID}>
      <SectionRate key={section.ID} target={target} section={section} editable={rights.editRates && target.type !== 'client'} />
      <Input.Search
        allowClear
        data-testid="product-search"
        placeholder={T.productSearch}
        style={{ width: 320, marginBottom: 12 }}
        value={search}
        onChange={(e) => {
          setSearch(e.target.value);
          setPage(1);
        }}
      />
      {products.error ? (
        <Alert type="error" showIcon title={errorText(products.error)} />
      ) : (
        <Table<PricingProduct>
          data-testid="products-table"
          rowKey="ID"
          size="small"
          loading={products.isFetching}
          dataSource={products.data?.ITEMS ?? []}
          onRow={(p) => ({ 'data-testid': `product-row-${p.UP_CODE_1C}` }) as React.HTMLAttributes<HTMLElement>}
          pagination={{
            current: page,
            pageSize: PRODUCTS_PAGE_SIZE,
            total: products.data?.NAV.CNT ?? 0,
            onChange: setPage,
            showSizeChanger: false,
            size: 'small',
          }}
          // The code stays in view while the table scrolls sideways in its narrow place beside the tree.
          scroll={{ x: 1100 }}
          columns={fixFirstColumn([
            { key: 'code', title: T.code, width: 80, render: (_, p) => cell('CODE', p.UP_CODE_1C) },
            { key: 'name', title: T.name, render: (_, p) => cell('NAME', p.NAME) },
            {
              key: 'purchase',
              title: T.purchasePrice,
              align: 'right',
              width: 110,
              render: (_, p) => cell('PURCHASE_PRICE', formatMoney(p.PURCHASE_PRICE)),
            },
            { key: 'base', title: T.basePrice, align: 'right', width: 110, render: (_, p) => cell('BASE_PRICE', formatMoney(p.BASE_PRICE)) },
            {
              key: 'percent',
              title: T.percent,
              align: 'right',
              width: 90,
              render: (_, p) => cell('PERCENT', formatPercent(p.PERCENT)),
            },
            { key: 'price', title: T.price, align: 'right', width: 110, render: (_, p) => cell('PRICE', <strong>{formatMoney(p.PRICE)}</strong>) },
            {
              key: 'source',
              title: T.source,
              width: 170,
              render: (_, p) =>
                cell(
                  'SOURCE',
                  <Space size={4} wrap>
                    {SOURCE_LABEL[p.SOURCE]}
                    {p.INDIVIDUAL === 'Y' && <Tag color="purple">{T.individual}</Tag>}
                  </Space>,
                ),
            },
            ...(canEdit
              ? [
                  {
                    key: 'actions',
                    width: 80,
                    render: (_: unknown, p: PricingProduct) => <RowActions target={target} product={p} onEdit={() => setEditing(p)} />,
                  },
                ]
              : []),
          ])}
        />
      )}
      {editing && <ProductPriceModal key={editing.ID} target={target} product={editing} onClose={() => setEditing(undefined)} />}
    </Card>
  );
}

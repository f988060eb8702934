import { useMemo, useState } from 'react';
import { Alert, Button, Flex, Input, Modal, Select, Skeleton, Table, Tree, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { countRu, PLURAL } from '@b2b/contracts/plural-ru';
import type { CatalogProduct } from '@b2b/contracts/storefront';
import { errorText } from '@/api/error-text';
import { useBrands, useProducts, useSections } from '@/features/storefront/api/storefront-api';
import { LoadedProduct } from '@/features/storefront/components/product-details';
import { AddToBasket, ProductPicture } from '@/features/storefront/components/product-parts';
import {
  CATALOG_PAGE_SIZES,
  catalogRequest,
  catalogSearch,
  catalogView,
  sectionPath,
  sectionTree,
  type CatalogView,
  type SectionNode,
} from '@/features/storefront/catalog-view';
import { OfferBanners, PromoPrice } from '@/features/storefront/offers/offer-parts';
import { useShop } from '@/features/storefront/shop-context';
import { SHOP_UI } from '@/features/storefront/shop-text';
import { formatCount } from '@/shared/formatters/format-number';

const C = SHOP_UI.catalog;

interface TreeItem {
  key: number;
  title: string;
  children: TreeItem[];
}

const treeData = (nodes: SectionNode[]): TreeItem[] =>
  nodes.map((n) => ({ key: n.key, title: `${n.title} (${n.count})`, children: treeData(n.children) }));

/** The sections of the shop's assortment as a tree; choosing one shows its products. */
function SectionSidebar({ view, go }: { view: CatalogView; go: (patch: Partial<CatalogView>) => void }) {
  const { link } = useShop();
  const sections = useSections(link);
  const items = useMemo(() => sections.data?.ITEMS ?? [], [sections.data]);
  const data = useMemo(() => treeData(sectionTree(items)), [items]);
  const opened = useMemo(() => sectionPath(items, view.section), [items, view.section]);
  return (
    <nav style={{ background: '#fff', borderRadius: 8, padding: 12 }} data-testid="catalog-sections">
      <Button type={view.section ? 'text' : 'link'} block style={{ textAlign: 'left', fontWeight: 600 }} onClick={() => go({ section: undefined })}>
        {C.allSections}
      </Button>
      {sections.isError && <Alert type="error" showIcon title={errorText(sections.error)} />}
      {data.length > 0 && (
        <Tree<TreeItem>
          key={opened.join('-')}
          treeData={data}
          blockNode
          selectedKeys={view.section ? [view.section] : []}
          defaultExpandedKeys={opened}
          onSelect={(keys) => go({ section: keys.length ? Number(keys[0]) : undefined })}
        />
      )}
    </nav>
  );
}

function BrandFilter({ value, onChange }: { value?: number; onChange: (brand?: number) => void }) {
  const { link } = useShop();
  const brands = useBrands(link);
  const options = useMemo(() => (brands.data?.ITEMS ?? []).map((b) => ({ value: b.ID, label: b.NAME })), [brands.data]);
  return (
    <Select
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={C.allBrands}
      value={value}
      options={options}
      loading={brands.isPending}
      onChange={(brand?: number) => onChange(brand)}
      style={{ width: 240 }}
      data-testid="catalog-brand"
    />
  );
}

/**
 * The catalogue: sections on the left; a search by name or 6-digit code and a brand filter; the products 24 a page
 * with the default product columns (PRICE, UP_COUNTRY, UP_MANUFACTURE, UP_TM), stock only when the shop shows it,
 * a quantity in packs and «В корзину»; a click on a name opens the quick view.
 */
export function CatalogPage() {
  const { link, shop, to } = useShop();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const view = catalogView(params);
  const products = useProducts(link, catalogRequest(view));
  const [quick, setQuick] = useState<number | null>(null);

  const go = (patch: Partial<CatalogView>) => void navigate({ search: catalogSearch(view, patch) });
  const rows = products.data?.ITEMS ?? [];
  // While a search loads, the table shows what it showed (or a skeleton), never «не найдены» of the search before.
  const loading = products.isFetching || products.isPending;
  const nav = products.data?.NAV;
  // A section's search that the whole catalogue answers better (issue 39 §4): its count and the link to it.
  const wider =
    view.section && view.query && !products.isPlaceholderData && nav?.CNT_CATALOG !== undefined && nav.CNT_CATALOG > nav.CNT
      ? nav.CNT_CATALOG
      : undefined;
  const showStock = shop.SHOW_STOCK === 'Y' || rows.some((r) => r.STOCK !== null);

  const columns: TableColumnsType<CatalogProduct> = [
    {
      key: 'picture',
      width: 64,
      render: (_, p) => <ProductPicture src={p.PREVIEW_PICTURE_PATH} alt={p.NAME} size={48} />,
    },
    {
      title: C.name,
      key: 'NAME',
      render: (_, p) => (
        <Flex vertical gap={2} style={{ minWidth: 220 }}>
          <Typography.Link onClick={() => setQuick(p.ID)} data-testid="product-quick-view" title={C.quickView}>
            {p.NAME}
          </Typography.Link>
          <Flex gap={12} style={{ fontSize: 12 }}>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {C.code}: <span data-testid="product-code">{p.UP_CODE_1C}</span>
            </Typography.Text>
            <Link to={to(`product/${p.ID}`)} data-testid="product-card-link">
              {C.card}
            </Link>
          </Flex>
        </Flex>
      ),
    },
    {
      title: C.price,
      key: 'PRICE',
      align: 'right',
      render: (_, p) => (
        <Flex vertical align="flex-end">
          <PromoPrice price={p.PRICE} oldPrice={p.OLD_PRICE} offer={p.OFFER} currency={p.CURRENCY || shop.CURRENCY} />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            / {p.UNIT}
          </Typography.Text>
        </Flex>
      ),
    },
    { title: C.country, dataIndex: 'UP_COUNTRY', responsive: ['lg'] },
    { title: C.manufacture, dataIndex: 'UP_MANUFACTURE', responsive: ['lg'] },
    { title: C.tm, dataIndex: 'UP_TM', responsive: ['md'] },
    ...(showStock
      ? [
          {
            title: C.stock,
            key: 'STOCK',
            align: 'right' as const,
            render: (_: unknown, p: CatalogProduct) => (p.STOCK === null ? '—' : formatCount(p.STOCK)),
          },
        ]
      : []),
    {
      title: C.quantity,
      key: 'basket',
      width: 210,
      render: (_, p) => <AddToBasket productId={p.ID} multiplicity={p.MULTIPLICITY} vertical />,
    },
  ];

  return (
    <Flex gap={16} align="flex-start" wrap>
      <div style={{ flex: '0 0 260px', maxWidth: '100%' }}>
        <SectionSidebar view={view} go={go} />
      </div>
      <Flex vertical gap={12} style={{ flex: '1 1 600px', minWidth: 0 }}>
        <Typography.Title level={3} style={{ margin: 0 }} data-testid="page-title">
          {products.data?.ENTITIES.SECTION?.NAME ?? C.title}
        </Typography.Title>
        <Flex gap={12} wrap>
          <Input.Search
            key={view.query ?? ''}
            defaultValue={view.query}
            placeholder={C.search}
            allowClear
            enterButton
            maxLength={100}
            onSearch={(text) => go({ query: text.trim() || undefined })}
            style={{ flex: '1 1 320px' }}
            data-testid="catalog-search"
          />
          <BrandFilter value={view.brand} onChange={(brand) => go({ brand })} />
        </Flex>
        {!view.section && !view.query && !view.brand && view.page === 1 ? (
          <>
            <OfferBanners placement="banner_slider" />
            <OfferBanners placement="banner_main" />
          </>
        ) : (
          <OfferBanners placement="banner_catalog" />
        )}
        {products.isError && <Alert type="error" showIcon title={errorText(products.error)} data-testid="catalog-error" />}
        {wider !== undefined && (
          <Alert
            type="info"
            showIcon
            data-testid="catalog-wider"
            title={
              <span data-testid="catalog-wider-count" data-count={wider}>
                {C.inCatalog(countRu(wider, PLURAL.product))}
              </span>
            }
            action={
              <Link to={{ search: catalogSearch(view, { section: undefined }) }} data-testid="catalog-search-everywhere">
                {C.searchEverywhere}
              </Link>
            }
          />
        )}
        <div style={{ background: '#fff', borderRadius: 8 }} data-testid="catalog-table" data-loading={products.isFetching ? 'true' : 'false'}>
          <Table<CatalogProduct>
            rowKey="ID"
            size="middle"
            columns={columns}
            dataSource={rows}
            loading={loading && rows.length > 0}
            scroll={{ x: 980 }}
            onRow={(p) =>
              ({
                'data-testid': 'product-row',
                'data-code': p.UP_CODE_1C,
                'data-price': p.PRICE,
                'data-multiplicity': p.MULTIPLICITY,
              }) as React.HTMLAttributes<HTMLElement>
            }
            locale={{
              emptyText: loading ? (
                <div data-testid="catalog-skeleton">
                  <Skeleton active title={false} paragraph={{ rows: 5 }} />
                </div>
              ) : (
                <span data-testid="catalog-empty">{C.empty}</span>
              ),
            }}
            pagination={{
              current: view.page,
              pageSize: view.limit,
              total: products.data?.NAV.CNT ?? 0,
              showSizeChanger: true,
              pageSizeOptions: CATALOG_PAGE_SIZES.map(String),
              showTotal: (total) => `${C.found}: ${total}`,
              onChange: (page, size) => go(size !== view.limit ? { limit: size, page: 1 } : { page }),
            }}
          />
        </div>
      </Flex>
      <Modal
        open={quick !== null}
        onCancel={() => setQuick(null)}
        footer={null}
        width={860}
        title={C.quickView}
        destroyOnHidden
        data-testid="quick-view"
      >
        {quick !== null && <LoadedProduct key={quick} id={quick} withCardLink />}
      </Modal>
    </Flex>
  );
}

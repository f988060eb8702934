import { useEffect, useState } from 'react';
import { Alert, Empty, Flex, Input, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { ManagerPartner } from '@b2b/contracts/routes/manager';
import { errorText } from '@/api/error-text';
import { managerPartnersQuery } from '@/api/queries/info-queries';
import { MANAGER_UI as T } from '@/features/manager/manager-text';
import { formatAmount, formatCount } from '@/shared/formatters/format-number';
import { useDebounced } from '@/shared/hooks/use-debounced';
import { PageTitle } from '@/shared/ui/page-title';
import { SECTION_TITLE } from '@/shared/ui-text';

const C = T.partnersColumns;

/** The manager's order list narrowed to one partner (its URL key, shared with the offers). */
const partnerOrdersPath = (id: number) => `/partner/orderlist?partner_id=${id}`;

/** A partner's shop: its link (the shop in this app) and its domain, each opening in a new tab; or «Нет магазина». */
function ShopCell({ partner }: { partner: ManagerPartner }) {
  if (!partner.HAS_SHOP) return <Typography.Text type="secondary">{T.noShop}</Typography.Text>;
  return (
    <Flex vertical onClick={(e) => e.stopPropagation()}>
      {partner.SHOP_LINK && (
        <a href={`/shop/${encodeURIComponent(partner.SHOP_LINK)}/`} target="_blank" rel="noreferrer" data-testid="partner-shop-link">
          {partner.SHOP_LINK}
        </a>
      )}
      {partner.DOMAIN && (
        <a href={`https://${partner.DOMAIN}`} target="_blank" rel="noreferrer noopener" data-testid="partner-domain">
          {partner.DOMAIN}
        </a>
      )}
    </Flex>
  );
}

const count = (key: 'CLIENTS_COUNT' | 'ORDERS_COUNT' | 'ORDERS_30_COUNT', testId: string) => (p: ManagerPartner) => (
  <span data-testid={testId}>{formatCount(p[key])}</span>
);

const columns: TableColumnsType<ManagerPartner> = [
  {
    key: 'name',
    title: C.name,
    fixed: 'left',
    render: (_, p) => (
      <Link to={partnerOrdersPath(p.ID)} title={T.partnerOrders(p.NAME)} data-testid="partner-name" onClick={(e) => e.stopPropagation()}>
        {p.NAME}
      </Link>
    ),
  },
  { key: 'shop', title: C.shop, render: (_, p) => <ShopCell partner={p} /> },
  { key: 'clients', title: C.clients, align: 'right', render: (_, p) => count('CLIENTS_COUNT', 'partner-clients')(p) },
  { key: 'orders', title: C.orders, align: 'right', render: (_, p) => count('ORDERS_COUNT', 'partner-orders')(p) },
  { key: 'recent', title: C.recentOrders, align: 'right', render: (_, p) => count('ORDERS_30_COUNT', 'partner-orders-30')(p) },
  {
    key: 'revenue',
    title: C.recentRevenue,
    align: 'right',
    render: (_, p) => <span data-testid="partner-revenue-30">{formatAmount(p.ORDERS_30_SUM, 'RUB')}</span>,
  },
  {
    key: 'loyalty',
    title: C.loyalty,
    render: (_, p) => (
      <Tag color={p.LOYALTY_ON ? 'green' : 'default'} data-testid="partner-loyalty" data-on={p.LOYALTY_ON ? 'Y' : 'N'}>
        {p.LOYALTY_ON ? T.loyaltyOn : T.loyaltyOff}
      </Tag>
    ),
  },
];

/**
 * /partner/partners, the manager's «Партнеры» (issue 39 §2; GET /v3/api/manager/partner/): every partner with its
 * shop, clients, orders, the last 30 days' orders and revenue and its loyalty programme; searched (after a pause in
 * typing) by part of a name, shop link or domain, the search kept in the URL (query). A row opens that partner's
 * orders in the manager's order list.
 */
export function PartnersPage() {
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const urlQuery = searchParams.get('query') ?? '';
  const [text, setText] = useState(urlQuery);
  const query = useDebounced(text.trim(), 300);
  // The search settled: the URL keeps it (replaced, so that Back leaves the screen rather than undoing each search).
  useEffect(() => {
    if (query !== urlQuery) setSearchParams(query ? { query } : {}, { replace: true });
  }, [query, urlQuery, setSearchParams]);
  const partners = useQuery({ ...managerPartnersQuery(query), placeholderData: keepPreviousData, staleTime: 0 });
  const rows = partners.data?.ITEMS ?? [];
  const loading = partners.isPending || partners.isFetching;

  return (
    <div data-testid="partners-page">
      <PageTitle>{SECTION_TITLE.partners}</PageTitle>
      <Flex gap={12} style={{ marginBottom: 16 }}>
        <Input.Search
          data-testid="partners-search"
          aria-label={T.partnersSearch}
          placeholder={T.partnersSearch}
          allowClear
          value={text}
          onChange={(e) => setText(e.target.value)}
          onSearch={(value) => setText(value)}
          style={{ width: 360 }}
        />
      </Flex>
      {partners.isError && (
        <Alert type="error" showIcon title={errorText(partners.error)} style={{ marginBottom: 12 }} data-testid="partners-error" />
      )}
      <div data-testid="partners-table" data-loading={loading ? 'true' : 'false'} data-query={query}>
        <Table<ManagerPartner>
          rowKey="ID"
          size="middle"
          columns={columns}
          dataSource={rows}
          loading={partners.isPending}
          pagination={false}
          scroll={{ x: 'max-content' }}
          onRow={(p) =>
            ({
              'data-testid': 'partner-row',
              'data-id': p.ID,
              style: { cursor: 'pointer' },
              onClick: () => void navigate(partnerOrdersPath(p.ID)),
            }) as React.HTMLAttributes<HTMLElement>
          }
          locale={{
            emptyText: (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={<span data-testid="partners-empty">{query ? T.partnersNotFound : T.partnersEmpty}</span>}
              />
            ),
          }}
        />
      </div>
    </div>
  );
}

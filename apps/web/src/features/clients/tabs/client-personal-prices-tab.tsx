import { useState } from 'react';
import { Link } from 'react-router';
import { Alert, Button, Space, Table } from 'antd';
import type { ClientPriceItem } from '@b2b/contracts/clients';
import { errorText } from '@/api/error-text';
import { useClientPrices } from '@/features/clients/api/clients-api';
import { CLIENTS_UI } from '@/features/clients/clients-text';
import { useClientId } from '@/features/clients/pages/client-card-page';
import { useSession } from '@/shared/auth/session-context';
import { formatDate } from '@/shared/formatters/format-date';
import { formatMoney } from '@/shared/formatters/format-money';

const PAGE_SIZE = 24;

/**
 * Цены клиента: the client's personal prices; the client's pricing page (its prices by section, point prices and the
 * personal price file) is one click away for those who may see prices.
 */
export function ClientPersonalPricesTab() {
  const [page, setPage] = useState(1);
  const clientId = useClientId()!;
  const { rights } = useSession();
  const prices = useClientPrices(clientId, page, PAGE_SIZE);
  if (prices.error) return <Alert type="error" showIcon title={errorText(prices.error)} />;
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {(rights?.viewPriceType || rights?.editPersonalPrices) && (
        <Link to={`/partner/pricing/client?id=${clientId}`} data-testid="client-pricing-link">
          <Button>{rights?.editPersonalPrices ? CLIENTS_UI.editPersonalPrices : CLIENTS_UI.openPricing}</Button>
        </Link>
      )}
      <Table<ClientPriceItem>
        data-testid="client-prices"
        rowKey="PRODUCT_ID"
        size="small"
        loading={prices.isFetching}
        dataSource={prices.data?.ITEMS ?? []}
        locale={{ emptyText: <span data-testid="client-prices-empty">{CLIENTS_UI.personalPricesEmpty}</span> }}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: prices.data?.NAV.CNT ?? 0, onChange: setPage, showSizeChanger: false }}
        columns={[
          { key: 'code', title: CLIENTS_UI.productCode, dataIndex: 'UP_CODE_1C' },
          { key: 'name', title: CLIENTS_UI.productName, dataIndex: 'NAME' },
          { key: 'price', title: CLIENTS_UI.price, align: 'right', render: (_, p) => formatMoney(p.PRICE) },
          { key: 'until', title: CLIENTS_UI.validUntil, render: (_, p) => formatDate(p.VALID_UNTIL) },
        ]}
      />
    </Space>
  );
}

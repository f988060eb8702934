import { useState } from 'react';
import { App, Button, Flex, Typography } from 'antd';
import { FileExcelOutlined } from '@ant-design/icons';
import { useManagerInfo, usePartnerInfo } from '@/api/queries/info-queries';
import { errorText } from '@/api/error-text';
import { orderKeys } from '@/features/orders/api/order-keys';
import { useExportOrderList, useOrderList } from '@/features/orders/api/order-list-api';
import { BasketSummary } from '@/features/orders/components/basket-summary';
import { OrderListFilters } from '@/features/orders/components/order-list-filters';
import { OrdersTable } from '@/features/orders/components/orders-table';
import { ChosenOrdersBar } from '@/features/orders/components/chosen-orders-bar';
import { ORDER_LIST_COOKIE, ORDER_LIST_DEFAULTS, ORDER_SAVED_KEYS, orderListRequest } from '@/features/orders/order-list-params';
import { ORDER_UI } from '@/features/orders/order-text';
import { OrderVariantContext, type OrderVariant } from '@/features/orders/order-variant';
import { useSession } from '@/shared/auth/session-context';
import { useListParams } from '@/shared/list-params/use-list-params';
import { PARTNER_FILTER, partnerIdOf } from '@/shared/manager/partner-filter';
import { PartnerPicker } from '@/shared/manager/partner-picker';
import { PageTitle } from '@/shared/ui/page-title';
import { RefreshButton } from '@/shared/ui/refresh-button';
import { SECTION_TITLE } from '@/shared/ui-text';

/**
 * /partner/orderlist for partner staff: filters saved in the params_orders cookie, the list, the basket, export.
 * The manager's variant (inside the manager's page, which titles it): every partner's orders or one partner's
 * (partner_id in the URL, kept in params_manager_partner; asked as shop_id), each row naming its partner; no basket,
 * choice or export.
 */
export function OrderListPage({ variant = 'partner' }: { variant?: OrderVariant }) {
  return (
    <OrderVariantContext value={variant}>
      <OrderList variant={variant} />
    </OrderVariantContext>
  );
}

/** Across partners the server sorts by date only; one partner's list sorts as its staff's does. */
const ACROSS_PARTNERS_SORTS = ['CREATE_DATE'] as const;

function OrderList({ variant }: { variant: OrderVariant }) {
  const manager = variant === 'manager';
  const { rights } = useSession();
  const { message } = App.useApp();
  const { params, setParams } = useListParams(ORDER_LIST_COOKIE, ORDER_LIST_DEFAULTS, ORDER_SAVED_KEYS, manager ? PARTNER_FILTER : undefined);
  const partnerId = manager ? partnerIdOf(params) : undefined;
  // The manager's partner is the picker's (partner_id in the URL, shared with the offers), sent as the spec's shop_id.
  const request = manager ? { ...orderListRequest(params), shop_id: partnerId } : orderListRequest(params);
  const list = useOrderList(request);
  const partnerInfo = usePartnerInfo(!manager);
  const managerInfo = useManagerInfo(manager);
  const info = manager ? managerInfo : partnerInfo;
  const exportList = useExportOrderList();
  const canSend = !manager && !!rights?.editOrders;
  // The choice belongs to the rows on screen: another page, filter or sort starts a new one.
  const [chosen, setChosen] = useState<{ key: string; ids: number[] }>({ key: '', ids: [] });
  const requestKey = JSON.stringify(request);
  const chosenIds = chosen.key === requestKey ? chosen.ids : [];
  const choose = (ids: number[]) => setChosen({ key: requestKey, ids });

  // The job's progress shows in its own notification (runExportJob); the button waits until the download.
  const onExport = () => exportList.mutate(request, { onSuccess: () => void message.success(ORDER_UI.exportReady) });

  const nav = list.data?.NAV;
  return (
    <div>
      {!manager && <PageTitle>{SECTION_TITLE.orders}</PageTitle>}
      {!manager && <BasketSummary canSend={canSend} />}
      <div style={{ marginBottom: 12 }}>
        <OrderListFilters
          request={request}
          minDate={info.data?.ORDER_DATE?.MIN_DATE}
          clientName={list.data?.ITEMS.find((o) => o.CLIENT.ID === request.client_id)?.CLIENT.NAME}
          onChange={setParams}
          withClient={!manager}
          leading={manager && <PartnerPicker value={partnerId} onChange={(id) => setParams({ partner_id: id, offset: null })} />}
        />
      </div>
      <Flex gap={8} wrap align="center" justify="space-between" style={{ marginBottom: 8 }}>
        {list.isError ? (
          <Typography.Text type="danger" data-testid="orders-error">
            {errorText(list.error)}
          </Typography.Text>
        ) : (
          <Flex gap={8}>
            <Typography.Text data-testid="orders-found" data-cnt={nav?.CNT}>
              {nav ? (nav.CNT_MORE === 'Y' ? ORDER_UI.foundMore(nav.CNT) : ORDER_UI.found(nav.CNT)) : '\u00a0'}
            </Typography.Text>
            {nav && nav.CNT !== nav.CNT_ALL && <Typography.Text type="secondary">{ORDER_UI.foundOf(nav.CNT_ALL)}</Typography.Text>}
            {nav?.NEW_CNT ? <Typography.Text type="secondary">· {ORDER_UI.newCount(nav.NEW_CNT)}</Typography.Text> : null}
          </Flex>
        )}
        <Flex gap={8}>
          <RefreshButton queryKey={orderKeys.all} testId="orders-refresh" />
          {!manager && (
            <Button icon={<FileExcelOutlined />} loading={exportList.isPending} onClick={onExport} data-testid="orders-export">
              {ORDER_UI.exportList}
            </Button>
          )}
        </Flex>
      </Flex>
      {canSend && <ChosenOrdersBar chosen={chosenIds} onClear={() => choose([])} />}
      <OrdersTable
        request={request}
        choice={canSend ? { chosen: chosenIds, onChange: choose } : undefined}
        rows={list.data?.ITEMS ?? []}
        total={nav?.CNT ?? 0}
        loading={list.isFetching}
        onChange={setParams}
        showShop={manager}
        sorts={manager && !partnerId ? ACROSS_PARTNERS_SORTS : undefined}
      />
    </div>
  );
}

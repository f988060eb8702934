import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { ExportAnswer, OrderListAnswer } from '@b2b/contracts/orders';
import { api } from '@/api/api-client';
import { downloadExport } from '@/features/orders/api/download-export';
import { orderKeys } from '@/features/orders/api/order-keys';
import { type OrderListRequest, exportRequest } from '@/features/orders/order-list-params';

const LIST_PATH = '/v3/api/partner/orderlist/';

export function fetchOrderList(request: OrderListRequest, signal?: AbortSignal): Promise<OrderListAnswer> {
  return api.get<OrderListAnswer>(LIST_PATH, { query: { ...request }, signal });
}

export const orderListQuery = (request: OrderListRequest) =>
  queryOptions({
    queryKey: orderKeys.list(request),
    queryFn: ({ signal }) => fetchOrderList(request, signal),
    // Paging and filtering keep the previous rows on screen until the next page arrives.
    placeholderData: keepPreviousData,
  });

export const useOrderList = (request: OrderListRequest) => useQuery(orderListQuery(request));

/** ?action=export: the filtered list as an .xlsx, then its download. */
export async function exportOrderList(request: OrderListRequest): Promise<void> {
  const answer = await api.get<ExportAnswer>(LIST_PATH, { query: { ...exportRequest(request), action: 'export' } });
  await downloadExport(answer, 'orders.xlsx');
}

export const useExportOrderList = () => useMutation({ mutationFn: exportOrderList });

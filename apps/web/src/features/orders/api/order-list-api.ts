import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { exportQueued } from '@b2b/contracts/jobs';
import { orderListAnswer } from '@b2b/contracts/orders';
import { MANAGER_ROUTES as M } from '@b2b/contracts/routes/manager';
import { ORDER_ROUTES as R } from '@b2b/contracts/routes/orders';
import { api } from '@/api/api-client';
import { answerAs } from '@/api/answer-as';
import { runExportJob } from '@/api/run-export-job';
import { orderKeys } from '@/features/orders/api/order-keys';
import { type OrderListRequest, exportRequest } from '@/features/orders/order-list-params';
import { type OrderVariant, useOrderVariant } from '@/features/orders/order-variant';

/** The partner's list, or the manager's across partners (partner_id: one partner's). */
export async function fetchOrderList(request: OrderListRequest, variant: OrderVariant = 'partner', signal?: AbortSignal) {
  if (variant === 'manager') return answerAs(orderListAnswer, await api.call(M.orders, { query: request }, { signal }), M.orders.path);
  const { partner_id: _partner, ...query } = request;
  return answerAs(orderListAnswer, await api.call(R.list, { query }, { signal }), R.list.path);
}

export const orderListQuery = (request: OrderListRequest, variant: OrderVariant = 'partner') =>
  queryOptions({
    queryKey: orderKeys.list(request, variant),
    queryFn: ({ signal }) => fetchOrderList(request, variant, signal),
    // Paging and filtering keep the previous rows on screen until the next page arrives.
    placeholderData: keepPreviousData,
  });

export const useOrderList = (request: OrderListRequest) => useQuery(orderListQuery(request, useOrderVariant()));

/** ?action=export: the job writing the filtered list as an .xlsx, followed to its download. */
export async function exportOrderList(request: OrderListRequest): Promise<void> {
  const answer = await api.call(R.list, { query: { ...exportRequest(request), action: 'export' } });
  await runExportJob(answerAs(exportQueued, answer, R.list.path), 'orders.xlsx');
}

export const useExportOrderList = () => useMutation({ mutationFn: exportOrderList });

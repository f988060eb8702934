import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { exportQueued } from '@b2b/contracts/jobs';
import { orderListAnswer } from '@b2b/contracts/orders';
import { ORDER_ROUTES as R } from '@b2b/contracts/routes/orders';
import { api } from '@/api/api-client';
import { answerAs } from '@/api/answer-as';
import { runExportJob } from '@/api/run-export-job';
import { orderKeys } from '@/features/orders/api/order-keys';
import { type OrderListRequest, exportRequest } from '@/features/orders/order-list-params';

export const fetchOrderList = async (request: OrderListRequest, signal?: AbortSignal) =>
  answerAs(orderListAnswer, await api.call(R.list, { query: request }, { signal }), R.list.path);

export const orderListQuery = (request: OrderListRequest) =>
  queryOptions({
    queryKey: orderKeys.list(request),
    queryFn: ({ signal }) => fetchOrderList(request, signal),
    // Paging and filtering keep the previous rows on screen until the next page arrives.
    placeholderData: keepPreviousData,
  });

export const useOrderList = (request: OrderListRequest) => useQuery(orderListQuery(request));

/** ?action=export: the job writing the filtered list as an .xlsx, followed to its download. */
export async function exportOrderList(request: OrderListRequest): Promise<void> {
  const answer = await api.call(R.list, { query: { ...exportRequest(request), action: 'export' } });
  await runExportJob(answerAs(exportQueued, answer, R.list.path), 'orders.xlsx');
}

export const useExportOrderList = () => useMutation({ mutationFn: exportOrderList });

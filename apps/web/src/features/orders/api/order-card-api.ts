import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { exportAnswer, orderCard, orderChangeDone, type OrderActionInput } from '@b2b/contracts/orders';
import { ORDER_ROUTES as R } from '@b2b/contracts/routes/orders';
import { api } from '@/api/api-client';
import { answerAs } from '@/api/answer-as';
import { downloadExport } from '@/api/download-export';
import { orderKeys } from '@/features/orders/api/order-keys';
import { useInvalidateAfter } from '@/shared/query/resource-changes';

export const fetchOrder = async (id: number, signal?: AbortSignal) =>
  answerAs(orderCard, await api.call(R.card, { params: { id } }, { signal }), R.card.path);

export const orderQuery = (id: number) =>
  queryOptions({ queryKey: orderKeys.detail(id), queryFn: ({ signal }) => fetchOrder(id, signal) });

export const useOrder = (id: number) => useQuery(orderQuery(id));

/** The status and text actions of POST /v3/api/partner/order/{id}/ (back-office.md §4); the reads are below. */
export type OrderChange = Exclude<OrderActionInput, { action: 'export' | 'loyalty_history' }>;

export const changeOrder = async (id: number, change: OrderChange) =>
  answerAs(orderChangeDone, await api.call(R.action, { params: { id }, body: change }), R.action.path);

/**
 * An order action. A SUCCESS "N" answer rejects (the api client turns it into an ApiError); the caller shows it
 * in its modal, so no toast. Whatever an order change makes stale is read again (orders, the basket, client totals).
 */
export function useChangeOrder(id: number) {
  return useMutation({
    mutationFn: (change: OrderChange) => changeOrder(id, change),
    meta: { toastError: false },
    onSettled: useInvalidateAfter('order'),
  });
}

/** action=export: one order as an .xlsx, then its download. */
export async function exportOrder(id: number, orderNumber: string): Promise<void> {
  const answer = await api.call(R.action, { params: { id }, body: { action: 'export' } });
  await downloadExport(answerAs(exportAnswer, answer, R.action.path), `order-${orderNumber || id}.xlsx`);
}

export const useExportOrder = (id: number, orderNumber: string) =>
  useMutation({ mutationFn: () => exportOrder(id, orderNumber) });

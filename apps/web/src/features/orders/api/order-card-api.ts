import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { exportAnswer, orderCard, orderChangeDone, type OrderActionInput } from '@b2b/contracts/orders';
import { MANAGER_ROUTES as M } from '@b2b/contracts/routes/manager';
import { ORDER_ROUTES as R } from '@b2b/contracts/routes/orders';
import { api } from '@/api/api-client';
import { answerAs } from '@/api/answer-as';
import { downloadExport } from '@/api/download-export';
import { orderKeys } from '@/features/orders/api/order-keys';
import { type OrderVariant, useOrderVariant } from '@/features/orders/order-variant';
import { useInvalidateAfter } from '@/shared/query/resource-changes';

/** The card: the partner's own order, or any partner's for the manager. */
export async function fetchOrder(id: number, variant: OrderVariant = 'partner', signal?: AbortSignal) {
  const route = variant === 'manager' ? M.order : R.card;
  return answerAs(orderCard, await api.call(route, { params: { id } }, { signal }), route.path);
}

export const orderQuery = (id: number, variant: OrderVariant = 'partner') =>
  queryOptions({ queryKey: orderKeys.detail(id, variant), queryFn: ({ signal }) => fetchOrder(id, variant, signal) });

export const useOrder = (id: number) => useQuery(orderQuery(id, useOrderVariant()));

/** The status and text actions of POST /v3/api/partner/order/{id}/ (back-office.md §4); the reads are below. */
export type OrderChange = Exclude<OrderActionInput, { action: 'export' | 'loyalty_history' }>;

/** The partner's own order, or the manager's on any partner's order (MANAGER_ORDER_ACTIONS: the status and text actions). */
export async function changeOrder(id: number, change: OrderChange, variant: OrderVariant = 'partner') {
  if (variant === 'manager') {
    return answerAs(orderChangeDone, await api.call(M.orderAction, { params: { id }, body: change }), M.orderAction.path);
  }
  return answerAs(orderChangeDone, await api.call(R.action, { params: { id }, body: change }), R.action.path);
}

/**
 * An order action. A SUCCESS "N" answer rejects (the api client turns it into an ApiError); the caller shows it
 * in its modal, so no toast. Whatever an order change makes stale is read again (orders, the basket, client totals).
 */
export function useChangeOrder(id: number) {
  const variant = useOrderVariant();
  return useMutation({
    mutationFn: (change: OrderChange) => changeOrder(id, change, variant),
    meta: { toastError: false },
    onSettled: useInvalidateAfter('order'),
  });
}

/** action=export: one order as an .xlsx, then its download. */
export async function exportOrder(id: number, orderNumber: string): Promise<void> {
  const answer = await api.call(R.action, { params: { id }, body: { action: 'export' } });
  await downloadExport(answerAs(exportAnswer, answer, R.action.path), `order-${orderNumber || id}.xlsx`);
}

export const useExportOrder = (id: number, orderNumber: string) => useMutation({ mutationFn: () => exportOrder(id, orderNumber) });

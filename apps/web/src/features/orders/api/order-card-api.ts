import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { ExportAnswer, OrderCard } from '@b2b/contracts/orders';
import { api } from '@/api/api-client';
import { downloadExport } from '@/features/orders/api/download-export';
import { orderKeys } from '@/features/orders/api/order-keys';
import { useInvalidateAfter } from '@/shared/query/resource-changes';

const orderPath = (id: number) => `/v3/api/partner/order/${id}/`;

export function fetchOrder(id: number, signal?: AbortSignal): Promise<OrderCard> {
  return api.get<OrderCard>(orderPath(id), { signal });
}

export const orderQuery = (id: number) =>
  queryOptions({ queryKey: orderKeys.detail(id), queryFn: ({ signal }) => fetchOrder(id, signal) });

export const useOrder = (id: number) => useQuery(orderQuery(id));

/** The status and text actions of POST /v3/api/partner/order/{id}/ (back-office.md §4). */
export type OrderChange =
  | { action: 'accept' }
  | { action: 'complete'; confirm_stock?: 'Y' }
  | { action: 'cancel'; cancel_comment: string }
  | { action: 'comment'; shop_comment: string }
  | { action: 'note'; note: string };

export interface OrderActionAnswer {
  SUCCESS: 'Y';
  MESSAGE?: string;
}

export function changeOrder(id: number, change: OrderChange): Promise<OrderActionAnswer> {
  return api.post<OrderActionAnswer>(orderPath(id), { body: { ...change } });
}

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
  const answer = await api.post<ExportAnswer>(orderPath(id), { body: { action: 'export' } });
  await downloadExport(answer, `order-${orderNumber || id}.xlsx`);
}

export const useExportOrder = (id: number, orderNumber: string) =>
  useMutation({ mutationFn: () => exportOrder(id, orderNumber) });

import { useMutation } from '@tanstack/react-query';
import { orderRouted } from '@b2b/contracts/order-routing';
import { MANAGER_ROUTES as M } from '@b2b/contracts/routes/manager';
import { api } from '@/api/api-client';
import { answerAs } from '@/api/answer-as';
import { useInvalidateAfter } from '@/shared/query/resource-changes';

/**
 * POST /v3/api/manager/order/{id}/ action=route: the order moves to the partner (issue 39 §1). SUCCESS=N rejects
 * with the server's message (errors.partner_id or errors.action); SUCCESS=Y names the order at the target (ORDER.ID).
 */
export async function routeOrder(id: number, partnerId: number) {
  const answer = await api.call(M.orderAction, { params: { id }, body: { action: 'route', partner_id: partnerId } });
  return answerAs(orderRouted, answer, M.orderAction.path);
}

/**
 * The routing; the modal shows a refusal itself, so no toast. Done, the orders, clients and counters are read again
 * (not awaited: the card goes to the order at the target at once, leaving the old one, a 404 now). Refused, nothing
 * is read until the modal closes (`refresh`): the card read again at once would replace the modal and its message.
 */
export function useRouteOrder(id: number) {
  const invalidate = useInvalidateAfter('order');
  const mutation = useMutation({
    mutationFn: (partnerId: number) => routeOrder(id, partnerId),
    meta: { toastError: false },
    onSuccess: () => void invalidate(),
  });
  return { ...mutation, refresh: invalidate };
}

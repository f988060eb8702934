import { useMutation } from '@tanstack/react-query';
import type { PaymentType } from '@b2b/contracts/orders';
import { ORDER_ROUTES as R } from '@b2b/contracts/routes/orders';
import { api } from '@/api/api-client';
import { useInvalidateAfter } from '@/shared/query/resource-changes';

export const changePaymentType = (orderId: number, paymentType: PaymentType) => api.call(R.paymentType, { params: { orderId, paymentType } });

export function useChangePaymentType(orderId: number) {
  return useMutation({
    mutationFn: (paymentType: PaymentType) => changePaymentType(orderId, paymentType),
    meta: { toastError: false },
    onSettled: useInvalidateAfter('order'),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PaymentType, PaymentTypeAnswer } from '@b2b/contracts/orders';
import { api } from '@/api/api-client';
import { orderKeys } from '@/features/orders/api/order-keys';

export function changePaymentType(orderId: number, paymentType: PaymentType): Promise<PaymentTypeAnswer> {
  return api.post<PaymentTypeAnswer>(`/v3/api/partner/payment/type/${orderId}/${paymentType}/`);
}

export function useChangePaymentType(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (paymentType: PaymentType) => changePaymentType(orderId, paymentType),
    meta: { toastError: false },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: orderKeys.detail(orderId) }),
        queryClient.invalidateQueries({ queryKey: orderKeys.lists() }),
      ]),
  });
}

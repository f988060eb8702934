import { useMutation } from '@tanstack/react-query';
import type { PaymentType, PaymentTypeAnswer } from '@b2b/contracts/orders';
import { api } from '@/api/api-client';
import { useInvalidateAfter } from '@/shared/query/resource-changes';

export function changePaymentType(orderId: number, paymentType: PaymentType): Promise<PaymentTypeAnswer> {
  return api.post<PaymentTypeAnswer>(`/v3/api/partner/payment/type/${orderId}/${paymentType}/`);
}

export function useChangePaymentType(orderId: number) {
  return useMutation({
    mutationFn: (paymentType: PaymentType) => changePaymentType(orderId, paymentType),
    meta: { toastError: false },
    onSettled: useInvalidateAfter('order'),
  });
}

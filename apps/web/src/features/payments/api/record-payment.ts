import { useMutation, useQueryClient } from '@tanstack/react-query';
import { paymentRecordResultSchema } from '@laptops/shared/payments';
import { apiRequest } from '../../../lib/api-client.ts';
import { refreshAfterWrite } from '../../../lib/query-client.ts';
import { categoryKeys, orderKeys, productKeys } from '../../../lib/query-keys.ts';

export type RecordPaymentInput = { orderId: string; transactionId: string };

/**
 * POST /api/payments: records a payment the provider confirmed. The server checks it
 * with the provider first; if the payment can no longer buy the laptop (sold or
 * withdrawn meanwhile, the order cancelled) it is refunded and the answer is a 409
 * 'PAYMENT_REFUNDED' saying why.
 */
export function recordPayment(input: RecordPaymentInput) {
  return apiRequest('/api/payments', paymentRecordResultSchema, { method: 'POST', json: input });
}

export function useRecordPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordPayment,
    // Paid or refunded, the order and the laptop have changed: refresh both either way,
    // without making the buyer wait for the lists before seeing the outcome.
    onSettled: () => {
      void refreshAfterWrite(queryClient, [orderKeys.all, productKeys.all, categoryKeys.all]);
    },
  });
}

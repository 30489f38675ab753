import { queryOptions, useQuery } from '@tanstack/react-query';
import { paymentIntentResultSchema } from '@laptops/shared/payments';
import { apiRequest } from '../../../lib/api-client.ts';
import { paymentKeys } from './payment-keys.ts';

/**
 * POST /api/create-payment-intent: starts paying for an order and holds the laptop
 * for this buyer a short while. The amount is the price the server recorded; a
 * sold, held or paid laptop is refused (409) with a message to show as it is.
 */
export function createPaymentIntent(orderId: string) {
  return apiRequest('/api/create-payment-intent', paymentIntentResultSchema, {
    method: 'POST',
    json: { orderId },
  });
}

/**
 * Asked once per visit of the payment page: never refetched while it is shown
 * (staleTime Infinity), never retried (a refusal will not change by asking again
 * at once), and forgotten when the page is left (gcTime 0), so a later visit asks
 * the server again rather than reusing a hold that may have lapsed.
 */
export const paymentIntentQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: paymentKeys.intent(orderId),
    queryFn: () => createPaymentIntent(orderId),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });

export function usePaymentIntent(orderId: string, enabled = true) {
  return useQuery({ ...paymentIntentQueryOptions(orderId), enabled });
}

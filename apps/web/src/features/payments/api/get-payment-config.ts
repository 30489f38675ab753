import { queryOptions, useQuery } from '@tanstack/react-query';
import { paymentConfigSchema } from '@laptops/shared/payments';
import { apiRequest } from '../../../lib/api-client.ts';
import { paymentKeys } from './payment-keys.ts';

/** GET /api/payment-config: which card processor the payment page uses (fixed per deployment). */
export function getPaymentConfig() {
  return apiRequest('/api/payment-config', paymentConfigSchema);
}

export const paymentConfigQueryOptions = () =>
  queryOptions({ queryKey: paymentKeys.config, queryFn: getPaymentConfig, staleTime: Infinity });

export function usePaymentConfig() {
  return useQuery(paymentConfigQueryOptions());
}

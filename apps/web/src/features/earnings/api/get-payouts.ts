import { queryOptions, useQuery } from '@tanstack/react-query';
import { payoutListSchema } from '@laptops/shared/payouts';
import { apiRequest } from '../../../lib/api-client.ts';
import { earningsKeys } from '../../../lib/query-keys.ts';

/** GET /api/payouts: the seller's payouts, newest first. */
export function getPayouts() {
  return apiRequest('/api/payouts', payoutListSchema);
}

export const payoutsQueryOptions = () =>
  queryOptions({ queryKey: earningsKeys.payouts, queryFn: getPayouts });

/** `watch`: asked again every few seconds, while a payout is due or on its way (useEarnings). */
export function usePayouts({ watch = false } = {}) {
  return useQuery({ ...payoutsQueryOptions(), refetchInterval: watch ? 5_000 : false });
}

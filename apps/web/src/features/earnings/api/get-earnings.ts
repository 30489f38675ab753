import { queryOptions, useQuery } from '@tanstack/react-query';
import { earningsSchema } from '@laptops/shared/payouts';
import { apiRequest } from '../../../lib/api-client.ts';
import { earningsKeys } from '../../../lib/query-keys.ts';

/** GET /api/earnings: the seller's balances and their newest sales. */
export function getEarnings() {
  return apiRequest('/api/earnings', earningsSchema);
}

export const earningsQueryOptions = () =>
  queryOptions({ queryKey: earningsKeys.summary, queryFn: getEarnings });

export function useEarnings() {
  return useQuery(earningsQueryOptions());
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { payoutListSchema } from '@laptops/shared/payouts';
import { apiRequest } from '../../../lib/api-client.ts';
import { earningsKeys } from '../../../lib/query-keys.ts';

/** GET /api/payouts: the seller's payouts, newest first. */
export function getPayouts() {
  return apiRequest('/api/payouts', payoutListSchema);
}

export const payoutsQueryOptions = () =>
  queryOptions({ queryKey: earningsKeys.payouts, queryFn: getPayouts });

/**
 * `watch`: asked again every few seconds, while a payout is due or on its way (useEarnings).
 * When the watch ends the list is asked once more: its last poll may have come just before
 * the payout the balances now show as paid.
 */
export function usePayouts({ watch = false } = {}) {
  const query = useQuery({ ...payoutsQueryOptions(), refetchInterval: watch ? 5_000 : false });
  const watching = useRef(watch);
  const { refetch } = query;
  useEffect(() => {
    if (watching.current && !watch) void refetch();
    watching.current = watch;
  }, [watch, refetch]);
  return query;
}

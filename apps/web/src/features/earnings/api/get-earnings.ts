import { queryOptions, useQuery } from '@tanstack/react-query';
import { earningsSchema, type Earnings } from '@laptops/shared/payouts';
import { apiRequest } from '../../../lib/api-client.ts';
import { earningsKeys } from '../../../lib/query-keys.ts';

/** GET /api/earnings: the seller's balances and their newest sales. */
export function getEarnings() {
  return apiRequest('/api/earnings', earningsSchema);
}

export const earningsQueryOptions = () =>
  queryOptions({ queryKey: earningsKeys.summary, queryFn: getEarnings });

/** Whether the seller has money a payout will send or is sending. */
export const payoutDue = (earnings: Earnings | undefined) =>
  earnings !== undefined && earnings.balances.available + earnings.balances.inTransit > 0;

/**
 * With payouts on, money available or on its way is paid out within seconds: the page
 * asks again every few seconds until it is, instead of waiting for a reload.
 */
export function useEarnings({ payoutsOn = false } = {}) {
  return useQuery({
    ...earningsQueryOptions(),
    refetchInterval: (query) => (payoutsOn && payoutDue(query.state.data) ? 5_000 : false),
  });
}

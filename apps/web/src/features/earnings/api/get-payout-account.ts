import { queryOptions, useQuery } from '@tanstack/react-query';
import { payoutAccountSchema } from '@laptops/shared/payouts';
import { apiRequest } from '../../../lib/api-client.ts';
import { earningsKeys } from '../../../lib/query-keys.ts';

/** GET /api/payout-account: whether payouts are on, and in test mode or with Stripe. */
export function getPayoutAccount() {
  return apiRequest('/api/payout-account', payoutAccountSchema);
}

export const payoutAccountQueryOptions = () =>
  queryOptions({ queryKey: earningsKeys.account, queryFn: getPayoutAccount });

export function usePayoutAccount() {
  return useQuery(payoutAccountQueryOptions());
}

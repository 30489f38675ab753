import { useMutation, useQueryClient } from '@tanstack/react-query';
import { payoutAccountSchema } from '@laptops/shared/payouts';
import { apiRequest } from '../../../lib/api-client.ts';
import { refreshAfterWrite } from '../../../lib/query-client.ts';
import { earningsKeys } from '../../../lib/query-keys.ts';

/** POST /api/payout-account/refresh: asks Stripe how the account stands (back from its form). */
export function refreshPayoutAccount() {
  return apiRequest('/api/payout-account/refresh', payoutAccountSchema, { method: 'POST' });
}

export function useRefreshPayoutAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refreshPayoutAccount,
    onSuccess: (account) => {
      queryClient.setQueryData(earningsKeys.account, account);
      // Turning payouts on may have sent a payout already.
      return refreshAfterWrite(queryClient, [earningsKeys.all]);
    },
  });
}

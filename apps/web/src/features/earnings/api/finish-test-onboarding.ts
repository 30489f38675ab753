import { useMutation, useQueryClient } from '@tanstack/react-query';
import { payoutAccountSchema, type SandboxOnboardingOutcome } from '@laptops/shared/payouts';
import { apiRequest } from '../../../lib/api-client.ts';
import { refreshAfterWrite } from '../../../lib/query-client.ts';
import { earningsKeys } from '../../../lib/query-keys.ts';

/** POST /api/sandbox/accounts/:id/onboard: ends the Test mode onboarding (test mode only). */
export function finishTestOnboarding(input: {
  accountId: string;
  outcome: SandboxOnboardingOutcome;
}) {
  return apiRequest(
    `/api/sandbox/accounts/${encodeURIComponent(input.accountId)}/onboard`,
    payoutAccountSchema,
    { method: 'POST', json: { outcome: input.outcome } },
  );
}

export function useFinishTestOnboarding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: finishTestOnboarding,
    onSuccess: () => refreshAfterWrite(queryClient, [earningsKeys.all]),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { disputeDetailsSchema, type SettleDisputeInput } from '@laptops/shared/disputes';
import { apiRequest } from '../../../lib/api-client.ts';
import { refreshAfterWrite } from '../../../lib/query-client.ts';
import { adminKeys } from '../../../lib/query-keys.ts';

/** POST /api/admin/disputes/:id/settle: answers with the dispute as it now stands. */
export function settleDispute({ id, ...input }: SettleDisputeInput & { id: string }) {
  return apiRequest(`/api/admin/disputes/${encodeURIComponent(id)}/settle`, disputeDetailsSchema, {
    method: 'POST',
    json: input,
  });
}

export function useSettleDispute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: settleDispute,
    onSuccess: (dispute) => {
      queryClient.setQueryData(adminKeys.dispute(dispute._id), dispute);
      // The list, the Money page, the thread (a line) and the activity log all change.
      return refreshAfterWrite(queryClient, [adminKeys.all]);
    },
  });
}

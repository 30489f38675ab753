import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OpenDisputeInput } from '@laptops/shared/disputes';
import { orderDetailsSchema } from '@laptops/shared/orders';
import { apiRequest } from '../../../lib/api-client.ts';
import { refreshAfterWrite } from '../../../lib/query-client.ts';
import { conversationKeys, orderKeys } from '../../../lib/query-keys.ts';

/** POST /api/orders/:id/dispute: the buyer opens a dispute; answers with the order page. */
export function openDispute({ orderId, ...input }: OpenDisputeInput & { orderId: string }) {
  return apiRequest(`/api/orders/${encodeURIComponent(orderId)}/dispute`, orderDetailsSchema, {
    method: 'POST',
    json: input,
  });
}

export function useOpenDispute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: openDispute,
    onSuccess: (order) => {
      queryClient.setQueryData(orderKeys.details(order._id), order);
      // The dispute writes a line in the deal's thread.
      return refreshAfterWrite(queryClient, [orderKeys.all, conversationKeys.all]);
    },
  });
}

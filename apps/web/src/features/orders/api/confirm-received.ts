import { useMutation, useQueryClient } from '@tanstack/react-query';
import { orderDetailsSchema } from '@laptops/shared/orders';
import { apiRequest } from '../../../lib/api-client.ts';
import { afterDealAction } from './after-deal-action.ts';

/**
 * POST /api/orders/:id/received: the buyer says they have the laptop, and the held
 * money is released to the seller. Answers the order as it now stands.
 */
export function confirmReceived(orderId: string) {
  return apiRequest(`/api/orders/${encodeURIComponent(orderId)}/received`, orderDetailsSchema, {
    method: 'POST',
  });
}

export function useConfirmReceived() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmReceived,
    onSuccess: (order) => afterDealAction(queryClient, order),
  });
}

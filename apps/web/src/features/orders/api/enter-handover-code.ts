import { useMutation, useQueryClient } from '@tanstack/react-query';
import { orderDetailsSchema } from '@laptops/shared/orders';
import { apiRequest } from '../../../lib/api-client.ts';
import { afterDealAction } from './after-deal-action.ts';

/**
 * POST /api/orders/:id/handover: the seller enters the code the buyer showed them, and
 * the held money is released. A wrong code is a 422 (WRONG_HANDOVER_CODE); too many
 * tries a 429. Answers the order as it now stands.
 */
export function enterHandoverCode({ orderId, code }: { orderId: string; code: string }) {
  return apiRequest(`/api/orders/${encodeURIComponent(orderId)}/handover`, orderDetailsSchema, {
    method: 'POST',
    json: { code },
  });
}

export function useEnterHandoverCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enterHandoverCode,
    onSuccess: (order) => afterDealAction(queryClient, order),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { orderDetailsSchema } from '@laptops/shared/orders';
import { apiRequest } from '../../../lib/api-client.ts';
import { afterDealAction } from './after-deal-action.ts';

/**
 * POST /api/orders/:id/seller-cancel: the seller cancels a paid sale before the
 * handover. The buyer is refunded in full and the laptop is for sale again. Answers the
 * order as it now stands.
 */
export function sellerCancel(orderId: string) {
  return apiRequest(
    `/api/orders/${encodeURIComponent(orderId)}/seller-cancel`,
    orderDetailsSchema,
    { method: 'POST' },
  );
}

export function useSellerCancel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sellerCancel,
    onSuccess: (order) => afterDealAction(queryClient, order),
  });
}

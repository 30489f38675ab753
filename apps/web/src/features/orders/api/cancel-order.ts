import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deletedCountSchema } from '@laptops/shared/products';
import { apiRequest } from '../../../lib/api-client.ts';
import { refreshAfterWrite } from '../../../lib/query-client.ts';
import { orderKeys, productKeys } from '../../../lib/query-keys.ts';

/** DELETE /api/myOrders/:id: cancels one of the buyer's bookings (a paid one is refused, 409). */
export function cancelOrder(id: string) {
  return apiRequest(`/api/myOrders/${encodeURIComponent(id)}`, deletedCountSchema, {
    method: 'DELETE',
  });
}

export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    onSuccess: () => refreshAfterWrite(queryClient, [orderKeys.all, productKeys.all]),
  });
}

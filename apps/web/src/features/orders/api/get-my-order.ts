import { queryOptions, useQuery } from '@tanstack/react-query';
import { orderSchema } from '@laptops/shared/orders';
import { apiRequest } from '../../../lib/api-client.ts';
import { orderKeys } from '../../../lib/query-keys.ts';

/** GET /api/myOrders/:id: one of the buyer's own orders (404 for anyone else's). */
export function getMyOrder(id: string) {
  return apiRequest(`/api/myOrders/${encodeURIComponent(id)}`, orderSchema);
}

/**
 * For the payment route's loader. Under ['my-orders', id], so whatever invalidates
 * the list (booking, cancelling, paying) also marks this order stale. staleTime 0:
 * an order can be paid or sold to someone else at any moment, so the payment page
 * loads it afresh (use `queryClient.fetchQuery`, which refetches a stale order).
 */
export const myOrderQueryOptions = (id: string) =>
  queryOptions({
    queryKey: orderKeys.mine(id),
    queryFn: () => getMyOrder(id),
    staleTime: 0,
  });

export function useMyOrder(id: string) {
  return useQuery(myOrderQueryOptions(id));
}

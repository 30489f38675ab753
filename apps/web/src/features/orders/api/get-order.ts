import { queryOptions, useQuery } from '@tanstack/react-query';
import { orderDetailsSchema } from '@laptops/shared/orders';
import { apiRequest } from '../../../lib/api-client.ts';
import { orderKeys } from '../../../lib/query-keys.ts';

/** GET /api/orders/:id: one booking for its order page (its buyer or the laptop's seller). */
export function getOrder(id: string) {
  return apiRequest(`/api/orders/${encodeURIComponent(id)}`, orderDetailsSchema);
}

/** Under the orders' prefix: booking, cancelling and paying refresh it too. */
export const orderQueryOptions = (id: string) =>
  queryOptions({ queryKey: orderKeys.details(id), queryFn: () => getOrder(id) });

export function useOrder(id: string) {
  return useQuery(orderQueryOptions(id));
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Order } from '@laptops/shared/orders';
import { apiRequest, serverChecked } from '../../../lib/api-client.ts';
import { orderKeys } from '../../../lib/query-keys.ts';

/**
 * GET /api/myOrders: the signed-in buyer's bookings (the server reads the buyer from the
 * session). Checked by the server against the contract: Home's cards ask for it, and
 * Home's first download has no zod.
 */
export function getMyOrders() {
  return apiRequest('/api/myOrders', serverChecked<Order[]>());
}

export const myOrdersQueryOptions = () =>
  queryOptions({ queryKey: orderKeys.all, queryFn: getMyOrders });

/** `enabled` false: not asked (a guest has no orders). */
export function useMyOrders(enabled = true) {
  return useQuery({ ...myOrdersQueryOptions(), enabled });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { orderSchema } from '@laptops/shared/orders';
import { apiRequest } from '../../../lib/api-client.ts';

/** The prefix of every order query: booking, cancelling and paying invalidate it. */
export const myOrdersQueryKey = ['my-orders'] as const;

/** GET /api/myOrders: the signed-in buyer's bookings (the server reads the buyer from the session). */
export function getMyOrders() {
  return apiRequest('/api/myOrders', z.array(orderSchema));
}

export const myOrdersQueryOptions = () =>
  queryOptions({ queryKey: myOrdersQueryKey, queryFn: getMyOrders });

/** `enabled` false: not asked (a guest has no orders). */
export function useMyOrders(enabled = true) {
  return useQuery({ ...myOrdersQueryOptions(), enabled });
}

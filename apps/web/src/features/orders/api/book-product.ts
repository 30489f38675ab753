import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BookingFields } from '@laptops/shared/orders';
import { insertResultSchema } from '@laptops/shared/products';
import { apiRequest } from '../../../lib/api-client.ts';
import { refreshAfterWrite } from '../../../lib/query-client.ts';
import { orderKeys, productKeys } from '../../../lib/query-keys.ts';

export type BookProductInput = BookingFields & { productId: string };

/**
 * POST /api/myOrders: books a laptop. The buyer, product name, seller and price are
 * read by the server; a sold laptop, one's own, or a second booking is refused (409).
 */
export function bookProduct(input: BookProductInput) {
  return apiRequest('/api/myOrders', insertResultSchema, { method: 'POST', json: input });
}

export function useBookProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bookProduct,
    onSuccess: () => refreshAfterWrite(queryClient, [orderKeys.all, productKeys.all]),
  });
}

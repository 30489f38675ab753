import { useMutation, useQueryClient } from '@tanstack/react-query';
import { insertResultSchema, type ProductInput } from '@laptops/shared/products';
import { apiRequest } from '../../../lib/api-client.ts';
import { refreshAfterWrite } from '../../../lib/query-client.ts';
import { categoryKeys, productKeys, sellerKeys } from '../../../lib/query-keys.ts';

/** POST /api/products: the seller, their details and the date of post come from the server. */
export function addProduct(input: ProductInput) {
  return apiRequest('/api/products', insertResultSchema, { method: 'POST', json: input });
}

export function useAddProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addProduct,
    onSuccess: () =>
      refreshAfterWrite(queryClient, [sellerKeys.products, productKeys.all, categoryKeys.all]),
  });
}

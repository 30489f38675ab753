import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deletedCountSchema } from '@laptops/shared/products';
import { apiRequest } from '../../../lib/api-client.ts';
import { refreshAfterWrite } from '../../../lib/query-client.ts';
import { categoryKeys, productKeys, sellerKeys } from '../../../lib/query-keys.ts';

/** DELETE /api/myProducts?id=: removes one of the seller's unsold products. */
export function deleteProduct(id: string) {
  return apiRequest(`/api/myProducts?id=${encodeURIComponent(id)}`, deletedCountSchema, {
    method: 'DELETE',
  });
}

export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProduct,
    onSuccess: () =>
      refreshAfterWrite(queryClient, [
        sellerKeys.products,
        productKeys.all,
        categoryKeys.all,
        sellerKeys.buyers,
      ]),
  });
}

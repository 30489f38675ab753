import { useMutation, useQueryClient } from '@tanstack/react-query';
import { modifiedCountSchema } from '@laptops/shared/products';
import { apiRequest } from '../../../lib/api-client.ts';
import { refreshAfterWrite } from '../../../lib/query-client.ts';
import { productKeys, sellerKeys } from '../../../lib/query-keys.ts';

/** PUT /api/myProducts?id=: puts one of the seller's available products in Home's 'Advertised laptops'. */
export function advertiseProduct(id: string) {
  return apiRequest(`/api/myProducts?id=${encodeURIComponent(id)}`, modifiedCountSchema, {
    method: 'PUT',
  });
}

export function useAdvertiseProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: advertiseProduct,
    onSuccess: () => refreshAfterWrite(queryClient, [sellerKeys.products, productKeys.all]),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { modifiedCountSchema, type ProductEdit } from '@laptops/shared/products';
import { apiRequest, ApiRequestError } from '../../../lib/api-client.ts';
import { refreshAfterWrite } from '../../../lib/query-client.ts';
import { productKeys, sellerKeys } from '../../../lib/query-keys.ts';

/** PATCH /api/myProducts/:id: the fields that changed, and the photos if they did. */
export function editProduct({ id, edit }: { id: string; edit: ProductEdit }) {
  return apiRequest(`/api/myProducts/${encodeURIComponent(id)}`, modifiedCountSchema, {
    method: 'PATCH',
    json: edit,
  });
}

export function useEditProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editProduct,
    onSuccess: () => refreshAfterWrite(queryClient, [sellerKeys.products, productKeys.all]),
    onError: (error, { id }) => {
      // Sold or gone meanwhile: the edit page reloads the laptop and says so.
      if (error instanceof ApiRequestError && [404, 409, 410].includes(error.status)) {
        void queryClient.invalidateQueries({ queryKey: productKeys.details(id) });
      }
    },
  });
}

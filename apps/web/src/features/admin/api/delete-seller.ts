import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deletedCountSchema } from '@laptops/shared/products';
import { apiRequest } from '../../../lib/api-client.ts';
import { refreshAfterWrite } from '../../../lib/query-client.ts';
import { adminKeys, categoryKeys, productKeys } from '../../../lib/query-keys.ts';

/** DELETE /api/deleteSeller?email=: soft-deletes a seller and withdraws their unsold listings. */
export function deleteSeller(email: string) {
  return apiRequest(`/api/deleteSeller?email=${encodeURIComponent(email)}`, deletedCountSchema, {
    method: 'DELETE',
  });
}

export function useDeleteSeller() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSeller,
    onSuccess: () =>
      refreshAfterWrite(queryClient, [adminKeys.all, productKeys.all, categoryKeys.all]),
  });
}

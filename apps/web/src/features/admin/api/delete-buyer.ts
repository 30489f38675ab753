import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deletedCountSchema } from '@laptops/shared/products';
import { apiRequest } from '../../../lib/api-client.ts';
import { refreshAfterWrite } from '../../../lib/query-client.ts';
import { adminKeys, categoryKeys, productKeys } from '../../../lib/query-keys.ts';

/** DELETE /api/allBuyers?email=: soft-deletes a buyer; their unpaid bookings are cancelled. */
export function deleteBuyer(email: string) {
  return apiRequest(`/api/allBuyers?email=${encodeURIComponent(email)}`, deletedCountSchema, {
    method: 'DELETE',
  });
}

export function useDeleteBuyer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBuyer,
    onSuccess: () =>
      refreshAfterWrite(queryClient, [adminKeys.all, productKeys.all, categoryKeys.all]),
  });
}

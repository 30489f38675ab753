import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deletedCountSchema } from '@laptops/shared/products';
import { apiRequest } from '../../../lib/api-client.ts';
import { refreshAfterWrite } from '../../../lib/query-client.ts';
import { adminKeys, categoryKeys, productKeys } from '../../../lib/query-keys.ts';

/** DELETE /api/deleteUser?email=: soft-deletes any account (409 for yourself or the last admin). */
export function deleteUser(email: string) {
  return apiRequest(`/api/deleteUser?email=${encodeURIComponent(email)}`, deletedCountSchema, {
    method: 'DELETE',
  });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: () =>
      refreshAfterWrite(queryClient, [adminKeys.all, productKeys.all, categoryKeys.all]),
  });
}

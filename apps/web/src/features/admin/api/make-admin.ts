import { useMutation, useQueryClient } from '@tanstack/react-query';
import { modifiedCountSchema } from '@laptops/shared/products';
import { apiRequest } from '../../../lib/api-client.ts';
import { refreshAfterWrite } from '../../../lib/query-client.ts';
import { adminKeys } from '../../../lib/query-keys.ts';

/** PUT /api/makeAdmin?email=: turns a buyer or seller into an admin. */
export function makeAdmin(email: string) {
  return apiRequest(`/api/makeAdmin?email=${encodeURIComponent(email)}`, modifiedCountSchema, {
    method: 'PUT',
  });
}

export function useMakeAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: makeAdmin,
    onSuccess: () => refreshAfterWrite(queryClient, [adminKeys.all]),
  });
}

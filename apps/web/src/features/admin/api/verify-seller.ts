import { useMutation, useQueryClient } from '@tanstack/react-query';
import { modifiedCountSchema } from '@laptops/shared/products';
import { apiRequest } from '../../../lib/api-client.ts';
import { refreshAfterWrite } from '../../../lib/query-client.ts';
import { adminKeys, categoryKeys, productKeys } from '../../../lib/query-keys.ts';

/** PUT /api/verifySeller?email=: the seller's cards show the verified tick from now on. */
export function verifySeller(email: string) {
  return apiRequest(`/api/verifySeller?email=${encodeURIComponent(email)}`, modifiedCountSchema, {
    method: 'PUT',
  });
}

export function useVerifySeller() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifySeller,
    onSuccess: () =>
      refreshAfterWrite(queryClient, [adminKeys.all, productKeys.all, categoryKeys.all]),
  });
}

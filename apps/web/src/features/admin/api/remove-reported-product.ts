import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deletedCountSchema } from '@laptops/shared/products';
import { apiRequest } from '../../../lib/api-client.ts';
import { refreshAfterWrite } from '../../../lib/query-client.ts';
import { adminKeys, categoryKeys, productKeys } from '../../../lib/query-keys.ts';

/** DELETE /api/reports/:id: takes the reported product off the marketplace and resolves its reports. */
export function removeReportedProduct(id: string) {
  return apiRequest(`/api/reports/${encodeURIComponent(id)}`, deletedCountSchema, {
    method: 'DELETE',
  });
}

export function useRemoveReportedProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeReportedProduct,
    onSuccess: () =>
      refreshAfterWrite(queryClient, [adminKeys.all, productKeys.all, categoryKeys.all]),
  });
}

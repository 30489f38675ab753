import { useMutation, useQueryClient } from '@tanstack/react-query';
import { modifiedCountSchema } from '@laptops/shared/products';
import { apiRequest } from '../../../lib/api-client.ts';
import { refreshAfterWrite } from '../../../lib/query-client.ts';
import { adminKeys } from '../../../lib/query-keys.ts';

/** PUT /api/reports/:id/dismiss: resolves the report and keeps the product. */
export function dismissReport(id: string) {
  return apiRequest(`/api/reports/${encodeURIComponent(id)}/dismiss`, modifiedCountSchema, {
    method: 'PUT',
  });
}

export function useDismissReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: dismissReport,
    onSuccess: () => refreshAfterWrite(queryClient, [adminKeys.all]),
  });
}

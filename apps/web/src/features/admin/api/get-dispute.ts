import { queryOptions, useQuery } from '@tanstack/react-query';
import { disputeDetailsSchema } from '@laptops/shared/disputes';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminKeys } from '../../../lib/query-keys.ts';

/** GET /api/admin/disputes/:id: one dispute with its deal, money and timeline. */
export function getDispute(id: string) {
  return apiRequest(`/api/admin/disputes/${encodeURIComponent(id)}`, disputeDetailsSchema);
}

export const disputeQueryOptions = (id: string) =>
  queryOptions({ queryKey: adminKeys.dispute(id), queryFn: () => getDispute(id) });

export function useDispute(id: string) {
  return useQuery(disputeQueryOptions(id));
}

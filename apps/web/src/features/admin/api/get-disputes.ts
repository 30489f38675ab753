import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { disputeSummarySchema } from '@laptops/shared/disputes';
import { adminKeys } from '../../../lib/query-keys.ts';
import { fetchPage, pageQuery, type PageParams } from './fetch-page.ts';

export type DisputeListParams = PageParams & { status: 'all' | 'open' | 'settled' };

/** GET /api/admin/disputes?status=&page=&limit=: open ones first, the oldest first. */
export function getDisputes(params: DisputeListParams) {
  const query = pageQuery(params, { status: params.status });
  return fetchPage(`/api/admin/disputes?${query}`, disputeSummarySchema, params);
}

export const disputesQueryOptions = (params: DisputeListParams) =>
  queryOptions({
    queryKey: adminKeys.disputes(params),
    queryFn: () => getDisputes(params),
    placeholderData: keepPreviousData,
  });

export function useDisputes(params: DisputeListParams) {
  return useQuery(disputesQueryOptions(params));
}

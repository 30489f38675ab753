import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { reportedReviewSchema } from '@laptops/shared/reviews';
import { adminKeys } from '../../../lib/query-keys.ts';
import { fetchPage, pageQuery, type PageParams } from './fetch-page.ts';

/** GET /api/admin/review-reports?page=&limit=: reviews with open reports, oldest first. */
export function getReviewReports(params: PageParams) {
  return fetchPage(`/api/admin/review-reports?${pageQuery(params)}`, reportedReviewSchema, params);
}

export const reviewReportsQueryOptions = (params: PageParams) =>
  queryOptions({
    // Under the admin prefix (every admin action refreshes it), spelled here rather than
    // in lib/query-keys.ts, which Home downloads and whose budget is full.
    queryKey: [...adminKeys.all, 'review-reports', params],
    queryFn: () => getReviewReports(params),
    placeholderData: keepPreviousData,
  });

export function useReviewReports(params: PageParams) {
  return useQuery(reviewReportsQueryOptions(params));
}

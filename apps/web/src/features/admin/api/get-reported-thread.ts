import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { reportedThreadSchema } from '@laptops/shared/conversation-safety';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminKeys } from '../../../lib/query-keys.ts';

/** GET /api/admin/conversation-reports/:id/thread: the reported thread, a page at a time. */
export function getReportedThread(reportId: string, before?: string) {
  const query = before ? `?${new URLSearchParams({ before })}` : '';
  return apiRequest(
    `/api/admin/conversation-reports/${encodeURIComponent(reportId)}/thread${query}`,
    reportedThreadSchema,
  );
}

export const reportedThreadQueryOptions = (reportId: string) =>
  infiniteQueryOptions({
    queryKey: adminKeys.reportedThread(reportId),
    queryFn: ({ pageParam }) => getReportedThread(reportId, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
  });

export function useReportedThread(reportId: string) {
  return useInfiniteQuery(reportedThreadQueryOptions(reportId));
}

import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { disputeThreadSchema } from '@laptops/shared/disputes';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminKeys } from '../../../lib/query-keys.ts';

/** GET /api/admin/disputes/:id/thread: the deal's thread through its dispute, a page at a time. */
export function getDisputeThread(disputeId: string, before?: string) {
  const query = before ? `?${new URLSearchParams({ before })}` : '';
  return apiRequest(
    `/api/admin/disputes/${encodeURIComponent(disputeId)}/thread${query}`,
    disputeThreadSchema,
  );
}

export const disputeThreadQueryOptions = (disputeId: string) =>
  infiniteQueryOptions({
    queryKey: adminKeys.disputeThread(disputeId),
    queryFn: ({ pageParam }) => getDisputeThread(disputeId, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
  });

export function useDisputeThread(disputeId: string) {
  return useInfiniteQuery(disputeThreadQueryOptions(disputeId));
}

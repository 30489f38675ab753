import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { threadSchema } from '@laptops/shared/conversations';
import { apiRequest } from '../../../lib/api-client.ts';
import { conversationKeys } from '../../../lib/query-keys.ts';

/** GET /api/conversations/:id: a page of a thread, newest first (`before` for older ones). */
export function getThread(id: string, before?: string) {
  const query = before ? `?${new URLSearchParams({ before })}` : '';
  return apiRequest(`/api/conversations/${encodeURIComponent(id)}${query}`, threadSchema);
}

export const threadQueryOptions = (id: string) =>
  infiniteQueryOptions({
    queryKey: conversationKeys.thread(id),
    queryFn: ({ pageParam }) => getThread(id, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
  });

/** The thread's pages; new messages are added by live events (live/). */
export function useThread(id: string) {
  return useInfiniteQuery(threadQueryOptions(id));
}

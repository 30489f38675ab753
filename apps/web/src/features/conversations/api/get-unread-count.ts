import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UnreadCount } from '@laptops/shared/live';
import { apiRequest, type ResponseCheck } from '../../../lib/api-client.ts';
import { conversationKeys } from '../../../lib/query-keys.ts';

/**
 * Checked by hand, not with the contract's zod schema: the navbar asks for it on every
 * page, Home included, and Home must not download zod.
 */
const unreadCheck: ResponseCheck<UnreadCount> = {
  parse(body) {
    const count: unknown =
      typeof body === 'object' && body !== null && 'count' in body ? body.count : undefined;
    if (typeof count !== 'number') throw new Error('Unexpected unread count');
    return { count };
  },
};

/** GET /api/conversations/unread: the signed-in user's unread messages, in all. */
export function getUnreadCount() {
  return apiRequest('/api/conversations/unread', unreadCheck);
}

export const unreadCountQueryOptions = () =>
  queryOptions({ queryKey: conversationKeys.unread, queryFn: getUnreadCount });

/** The navbar's badge: live events (live/) refresh it as messages arrive and are read. */
export function useUnreadCount(signedIn: boolean) {
  return useQuery({ ...unreadCountQueryOptions(), enabled: signedIn });
}

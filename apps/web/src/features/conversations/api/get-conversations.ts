import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { conversationSummarySchema } from '@laptops/shared/conversations';
import { apiRequest } from '../../../lib/api-client.ts';
import { conversationKeys } from '../../../lib/query-keys.ts';

/** GET /api/conversations: the inbox, latest message first. */
export function getConversations() {
  return apiRequest('/api/conversations', z.array(conversationSummarySchema));
}

export const conversationsQueryOptions = () =>
  queryOptions({ queryKey: conversationKeys.all, queryFn: getConversations });

/** The inbox; live events (live/) refresh it when a message arrives. */
export function useConversations() {
  return useQuery(conversationsQueryOptions());
}

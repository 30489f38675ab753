import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { conversationSummarySchema } from '@laptops/shared/conversations';
import { apiRequest } from '../../../lib/api-client.ts';
import { conversationKeys } from '../../../lib/query-keys.ts';

/** How often an open inbox or thread asks for what is new (live delivery is to come). */
export const POLL_MS = 5000;

/** GET /api/conversations: the inbox, latest message first. */
export function getConversations() {
  return apiRequest('/api/conversations', z.array(conversationSummarySchema));
}

export const conversationsQueryOptions = () =>
  queryOptions({ queryKey: conversationKeys.all, queryFn: getConversations });

export function useConversations() {
  return useQuery({ ...conversationsQueryOptions(), refetchInterval: POLL_MS });
}

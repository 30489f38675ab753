import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { blockedPersonSchema } from '@laptops/shared/conversation-safety';
import { apiRequest, serverChecked } from '../../../lib/api-client.ts';
import { refreshAfterWrite } from '../../../lib/query-client.ts';
import { blockKeys, conversationKeys } from '../../../lib/query-keys.ts';

/** GET /api/blocks: the people the viewer blocked, the latest first. */
export function getBlocked() {
  return apiRequest('/api/blocks', z.array(blockedPersonSchema));
}

export const blockedQueryOptions = () =>
  queryOptions({ queryKey: blockKeys.all, queryFn: getBlocked });

export function useBlockedPeople() {
  return useQuery(blockedQueryOptions());
}

/** DELETE /api/blocks/:id: ends one block (its id from the list). */
export function unblock(blockId: string) {
  return apiRequest(`/api/blocks/${encodeURIComponent(blockId)}`, serverChecked<null>(), {
    method: 'DELETE',
  });
}

export function useUnblock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unblock,
    onSuccess: () => refreshAfterWrite(queryClient, [blockKeys.all, conversationKeys.all]),
  });
}

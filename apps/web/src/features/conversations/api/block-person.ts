import { useMutation, useQueryClient } from '@tanstack/react-query';
import { blockedPersonSchema } from '@laptops/shared/conversation-safety';
import { apiRequest, serverChecked } from '../../../lib/api-client.ts';
import { refreshAfterWrite } from '../../../lib/query-client.ts';
import { blockKeys, conversationKeys } from '../../../lib/query-keys.ts';

const blockPath = (conversationId: string) =>
  `/api/conversations/${encodeURIComponent(conversationId)}/block`;

/** POST /api/conversations/:id/block: blocks the other person of the conversation. */
export function blockPerson(conversationId: string) {
  return apiRequest(blockPath(conversationId), blockedPersonSchema, { method: 'POST' });
}

/** DELETE /api/conversations/:id/block: unblocks them again. */
export function unblockPerson(conversationId: string) {
  return apiRequest(blockPath(conversationId), serverChecked<null>(), { method: 'DELETE' });
}

/** A block changes the inbox, every thread with that person, the unread count and the list of blocks. */
const afterBlockChange = (queryClient: ReturnType<typeof useQueryClient>) =>
  refreshAfterWrite(queryClient, [conversationKeys.all, blockKeys.all]);

export function useBlockPerson() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: blockPerson, onSuccess: () => afterBlockChange(queryClient) });
}

export function useUnblockPerson() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: unblockPerson, onSuccess: () => afterBlockChange(queryClient) });
}

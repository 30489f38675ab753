import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageSchema } from '@laptops/shared/conversations';
import { apiRequest, ApiRequestError } from '../../../lib/api-client.ts';
import { refreshAfterWrite } from '../../../lib/query-client.ts';
import { conversationKeys } from '../../../lib/query-keys.ts';

/** POST /api/conversations/:id/messages */
export function sendMessage({ id, body, image }: { id: string; body: string; image?: string }) {
  return apiRequest(`/api/conversations/${encodeURIComponent(id)}/messages`, messageSchema, {
    method: 'POST',
    json: { body, ...(image ? { image } : {}) },
  });
}

export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendMessage,
    onSuccess: () => refreshAfterWrite(queryClient, [conversationKeys.all]),
    // Refused because the thread closed meanwhile (a block, a ban): show it closed.
    onError: (error, { id }) => {
      if (error instanceof ApiRequestError && [403, 409].includes(error.status)) {
        void queryClient.invalidateQueries({ queryKey: conversationKeys.thread(id) });
      }
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { startedConversationSchema } from '@laptops/shared/conversations';
import { apiRequest } from '../../../lib/api-client.ts';
import { refreshAfterWrite } from '../../../lib/query-client.ts';
import { conversationKeys } from '../../../lib/query-keys.ts';

/** POST /api/conversations: the viewer's conversation about a laptop, started if needed. */
export function startConversation(productId: string) {
  return apiRequest('/api/conversations', startedConversationSchema, {
    method: 'POST',
    json: { productId },
  });
}

export function useStartConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startConversation,
    onSuccess: () => refreshAfterWrite(queryClient, [conversationKeys.all]),
  });
}

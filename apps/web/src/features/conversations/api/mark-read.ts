import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, serverChecked } from '../../../lib/api-client.ts';
import { conversationKeys } from '../../../lib/query-keys.ts';

/** POST /api/conversations/:id/read: the viewer has read the thread up to now. */
export function markRead(id: string) {
  return apiRequest(`/api/conversations/${encodeURIComponent(id)}/read`, serverChecked<null>(), {
    method: 'POST',
  });
}

/** Marks read; the inbox's unread counts follow (the thread itself has not changed). */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: conversationKeys.all, exact: true }),
  });
}

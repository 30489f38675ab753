import { useMutation } from '@tanstack/react-query';
import {
  conversationReportCreatedSchema,
  type ConversationReportInput,
} from '@laptops/shared/conversation-safety';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/conversations/:id/reports: reports the conversation (its other person) to the admins. */
export function reportConversation({
  conversationId,
  input,
}: {
  conversationId: string;
  input: ConversationReportInput;
}) {
  return apiRequest(
    `/api/conversations/${encodeURIComponent(conversationId)}/reports`,
    conversationReportCreatedSchema,
    { method: 'POST', json: input },
  );
}

export function useReportConversation() {
  return useMutation({ mutationFn: reportConversation });
}

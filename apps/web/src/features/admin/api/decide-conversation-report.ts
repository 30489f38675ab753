import { useMutation, useQueryClient } from '@tanstack/react-query';
import { modifiedCountSchema } from '@laptops/shared/products';
import { apiRequest } from '../../../lib/api-client.ts';
import { refreshAfterWrite } from '../../../lib/query-client.ts';
import { adminKeys } from '../../../lib/query-keys.ts';

const reportPath = (id: string, action: string) =>
  `/api/admin/conversation-reports/${encodeURIComponent(id)}/${action}`;

/** PUT …/dismiss: resolves the report; nothing else changes. */
export function dismissConversationReport(id: string) {
  return apiRequest(reportPath(id, 'dismiss'), modifiedCountSchema, { method: 'PUT' });
}

/** PUT …/messaging-ban: the reported person may no longer send messages. */
export function banFromMessaging(id: string) {
  return apiRequest(reportPath(id, 'messaging-ban'), modifiedCountSchema, { method: 'PUT' });
}

/** DELETE …/messaging-ban: they may send messages again. */
export function liftMessagingBan(id: string) {
  return apiRequest(reportPath(id, 'messaging-ban'), modifiedCountSchema, { method: 'DELETE' });
}

function useReportDecision(mutationFn: (id: string) => Promise<{ modifiedCount: number }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => refreshAfterWrite(queryClient, [adminKeys.all]),
  });
}

export const useDismissConversationReport = () => useReportDecision(dismissConversationReport);
export const useBanFromMessaging = () => useReportDecision(banFromMessaging);
export const useLiftMessagingBan = () => useReportDecision(liftMessagingBan);

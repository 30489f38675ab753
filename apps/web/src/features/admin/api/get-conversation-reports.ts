import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { conversationReportSchema } from '@laptops/shared/conversation-safety';
import { adminKeys } from '../../../lib/query-keys.ts';
import type { ReportStatus } from './get-reports.ts';
import { fetchPage, pageQuery, type PageParams } from './fetch-page.ts';

export type ConversationReportListParams = PageParams & { status: ReportStatus };

/** GET /api/admin/conversation-reports?status=open|resolved&page=&limit= */
export function getConversationReports(params: ConversationReportListParams) {
  const query = pageQuery(params, { status: params.status });
  return fetchPage(`/api/admin/conversation-reports?${query}`, conversationReportSchema, params);
}

export const conversationReportsQueryOptions = (params: ConversationReportListParams) =>
  queryOptions({
    queryKey: adminKeys.conversationReports(params),
    queryFn: () => getConversationReports(params),
    placeholderData: keepPreviousData,
  });

export function useConversationReports(params: ConversationReportListParams) {
  return useQuery(conversationReportsQueryOptions(params));
}

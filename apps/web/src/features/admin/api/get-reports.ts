import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { reportSchema } from '@laptops/shared/reports';
import { fetchPage, pageQuery, type PageParams } from './fetch-page.ts';

export type ReportStatus = 'open' | 'resolved';

export type ReportListParams = PageParams & { status: ReportStatus };

export const adminReportsQueryKey = ['admin', 'reports'] as const;

/** GET /api/reports?status=open|resolved&page=&limit= */
export function getReports(params: ReportListParams) {
  const query = pageQuery(params, { status: params.status });
  return fetchPage(`/api/reports?${query}`, reportSchema, params);
}

export const reportsQueryOptions = (params: ReportListParams) =>
  queryOptions({
    queryKey: [...adminReportsQueryKey, params],
    queryFn: () => getReports(params),
    placeholderData: keepPreviousData,
  });

export function useReports(params: ReportListParams) {
  return useQuery(reportsQueryOptions(params));
}

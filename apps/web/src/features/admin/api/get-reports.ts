import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { reportSchema } from '@laptops/shared/reports';
import { adminKeys } from '../../../lib/query-keys.ts';
import { fetchPage, pageQuery, type PageParams } from './fetch-page.ts';

export type ReportStatus = 'open' | 'resolved';

export type ReportListParams = PageParams & { status: ReportStatus };

/** GET /api/reports?status=open|resolved&page=&limit= */
export function getReports(params: ReportListParams) {
  const query = pageQuery(params, { status: params.status });
  return fetchPage(`/api/reports?${query}`, reportSchema, params);
}

export const reportsQueryOptions = (params: ReportListParams) =>
  queryOptions({
    queryKey: adminKeys.reports(params),
    queryFn: () => getReports(params),
    placeholderData: keepPreviousData,
  });

export function useReports(params: ReportListParams) {
  return useQuery(reportsQueryOptions(params));
}

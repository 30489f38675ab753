import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { moneyReportSchema, type MoneyReportBucket } from '@laptops/shared/money-report';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminKeys } from '../../../lib/query-keys.ts';

export type MoneyReportParams = { days: 30 | 90 | 365; by: MoneyReportBucket };

/** GET /api/admin/money?days=&by=: the ledger's series and totals over the period. */
export function getMoneyReport(params: MoneyReportParams) {
  const query = new URLSearchParams({ days: String(params.days), by: params.by });
  return apiRequest(`/api/admin/money?${query}`, moneyReportSchema);
}

export const moneyReportQueryOptions = (params: MoneyReportParams) =>
  queryOptions({
    queryKey: adminKeys.money(params),
    queryFn: () => getMoneyReport(params),
    placeholderData: keepPreviousData,
  });

export function useMoneyReport(params: MoneyReportParams) {
  return useQuery(moneyReportQueryOptions(params));
}

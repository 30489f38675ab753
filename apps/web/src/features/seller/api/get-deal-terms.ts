import { queryOptions, useQuery } from '@tanstack/react-query';
import { dealTermsSchema } from '@laptops/shared/deals';
import { apiRequest } from '../../../lib/api-client.ts';
import { dealTermsKeys } from '../../../lib/query-keys.ts';

/** GET /api/deal-terms: the platform's fee on a sale, shown under a listing's price. */
export function getDealTerms() {
  return apiRequest('/api/deal-terms', dealTermsSchema);
}

/** They change only when the server is configured anew: read once per visit. */
export const dealTermsQueryOptions = () =>
  queryOptions({ queryKey: dealTermsKeys.all, queryFn: getDealTerms, staleTime: Infinity });

export function useDealTerms() {
  return useQuery(dealTermsQueryOptions());
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SpecCounts } from '@laptops/shared/search';
import { searchCountsPath, type SearchFilters } from '@laptops/shared/search-filters';
import { apiRequest, serverChecked } from '../../../lib/api-client.ts';
import { productKeys } from '../../../lib/query-keys.ts';
import type { SearchScope } from './search-products.ts';

/** GET /api/search/counts: how many laptops each spec filter's choice would find. */
export function getSpecCounts(filters: SearchFilters, scope: SearchScope = {}) {
  // serverChecked: the search page must not wait for zod (see api-client).
  return apiRequest(searchCountsPath(filters, scope), serverChecked<SpecCounts>());
}

export const specCountsQueryOptions = (filters: SearchFilters, scope: SearchScope = {}) =>
  queryOptions({
    queryKey: productKeys.searchCounts(filters, scope),
    queryFn: () => getSpecCounts(filters, scope),
    staleTime: 60_000,
  });

/**
 * The counts for the filters on screen, once `enabled` (the results have come: the
 * counts are extra, and wait their turn). None while new ones load: a count for other
 * filters would be wrong.
 */
export function useSpecCounts(filters: SearchFilters, scope: SearchScope, enabled: boolean) {
  return useQuery({ ...specCountsQueryOptions(filters, scope), enabled });
}

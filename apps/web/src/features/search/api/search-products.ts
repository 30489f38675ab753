import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { SearchResult } from '@laptops/shared/search';
import { apiRequest, serverChecked } from '../../../lib/api-client.ts';
import { readFilters, searchRequestPath, type SearchFilters } from '@laptops/shared/search-filters';
import { productKeys } from '../../../lib/query-keys.ts';

/** What a page asks for besides the user's filters: a category page lists sold laptops too. */
export type SearchScope = { includeSold?: boolean };

/**
 * What a search page asks for: the filters in its URL. A category page adds the
 * category from its path and lists sold laptops too. The page and its route loader
 * both use this, so the loader's early request is the one the page reads.
 */
export function searchPageRequest(params: URLSearchParams, categoryId?: string) {
  const fromUrl = readFilters(params);
  return {
    filters: categoryId ? { ...fromUrl, category: categoryId } : fromUrl,
    scope: { includeSold: Boolean(categoryId) } satisfies SearchScope,
  };
}

/** GET /api/search: one page of laptops matching the filters; empty filters are left out. */
export function searchProducts(filters: SearchFilters, scope: SearchScope = {}, cursor?: string) {
  // serverChecked: the search and category pages must not wait for zod (see api-client).
  return apiRequest(searchRequestPath(filters, scope, cursor), serverChecked<SearchResult>());
}

export const searchInfiniteQueryOptions = (filters: SearchFilters, scope: SearchScope = {}) =>
  infiniteQueryOptions({
    queryKey: productKeys.search(filters, scope),
    queryFn: ({ pageParam }) => searchProducts(filters, scope, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
    // Back and forward show the pages already loaded instead of refetching each one.
    staleTime: 60_000,
  });

/** The pages loaded so far; while new filters load, the previous results stay on screen. */
export function useSearchProducts(filters: SearchFilters, scope: SearchScope = {}) {
  return useInfiniteQuery({
    ...searchInfiniteQueryOptions(filters, scope),
    placeholderData: keepPreviousData,
  });
}

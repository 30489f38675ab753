import type { SearchFilters } from '@laptops/shared/search-filters';

/** What a page asks for besides the user's filters: a category page lists sold laptops too. */
export type SearchScope = { includeSold?: boolean };

/**
 * The results' key in the query cache. Apart from the query options, so that a page
 * the server drew can be put into the cache without Home's download taking the
 * search's code with it (first-paint/catalogue-page-data.ts).
 */
export const searchQueryKey = (filters: SearchFilters, scope: SearchScope) =>
  ['products', 'search', filters, scope] as const;

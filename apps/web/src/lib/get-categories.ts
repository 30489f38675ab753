import { queryOptions, useQuery } from '@tanstack/react-query';
import { firstRequestPaths } from '@laptops/shared/first-requests';
import type { Category } from '@laptops/shared/categories';
import { apiRequest, serverChecked } from './api-client.ts';
import { categoryKeys } from './query-keys.ts';

/**
 * GET /api/categories. One fetcher for Home's tiles, the search filters, the category
 * page's heading and the seller's select: they share one request and one cache entry.
 */
export function getCategories() {
  // Checked by the server's response schema; Home must not download zod for it.
  return apiRequest(firstRequestPaths.categories, serverChecked<Category[]>());
}

export const categoriesQueryOptions = () =>
  queryOptions({ queryKey: categoryKeys.all, queryFn: getCategories, staleTime: 5 * 60_000 });

export function useCategories() {
  return useQuery(categoriesQueryOptions());
}

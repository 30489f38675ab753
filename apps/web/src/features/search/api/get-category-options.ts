import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Category } from '@laptops/shared/categories';
import { apiRequest, serverChecked } from '../../../lib/api-client.ts';
import { firstRequestPaths } from '@laptops/shared/first-requests';

/** GET /api/categories for the category filter. Same key as the home tiles, so one fetch serves both. */
export function getCategoryOptions() {
  return apiRequest(firstRequestPaths.categories, serverChecked<Category[]>());
}

export const categoryOptionsQueryOptions = () =>
  queryOptions({ queryKey: ['categories'], queryFn: getCategoryOptions, staleTime: 5 * 60_000 });

export function useCategoryOptions() {
  return useQuery(categoryOptionsQueryOptions());
}

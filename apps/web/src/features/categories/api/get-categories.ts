import { queryOptions, useQuery } from '@tanstack/react-query';
import { firstRequestPaths } from '@laptops/shared/first-requests';
import type { Category } from '@laptops/shared/categories';
import { apiRequest, serverChecked } from '../../../lib/api-client.ts';

export function getCategories() {
  // Checked by the server's response schema; Home must not download zod for it.
  return apiRequest(firstRequestPaths.categories, serverChecked<Category[]>());
}

export const categoriesQueryOptions = () =>
  queryOptions({ queryKey: ['categories'], queryFn: getCategories, staleTime: 5 * 60_000 });

export function useCategories() {
  return useQuery(categoriesQueryOptions());
}

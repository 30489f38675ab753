import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { categorySchema } from '@laptops/shared/categories';
import { apiRequest } from '../../../lib/api-client.ts';

/** The categories a seller can file a product under (the 'Add a laptop' select). */
export function getCategoryOptions() {
  return apiRequest('/api/categories', z.array(categorySchema));
}

/** Same key as the home page's category list: one request, one cache entry. */
export const categoryOptionsQueryOptions = () =>
  queryOptions({ queryKey: ['categories'], queryFn: getCategoryOptions, staleTime: 5 * 60_000 });

export function useCategoryOptions() {
  return useQuery(categoryOptionsQueryOptions());
}

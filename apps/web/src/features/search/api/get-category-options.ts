import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { categorySchema } from '@laptops/shared/categories';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/categories for the category filter. Same key as the home tiles, so one fetch serves both. */
export function getCategoryOptions() {
  return apiRequest('/api/categories', z.array(categorySchema));
}

export const categoryOptionsQueryOptions = () =>
  queryOptions({ queryKey: ['categories'], queryFn: getCategoryOptions, staleTime: 5 * 60_000 });

export function useCategoryOptions() {
  return useQuery(categoryOptionsQueryOptions());
}

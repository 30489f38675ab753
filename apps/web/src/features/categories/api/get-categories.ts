import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { categorySchema } from '@laptops/shared/categories';
import { apiRequest } from '../../../lib/api-client.ts';

export function getCategories() {
  return apiRequest('/api/categories', z.array(categorySchema));
}

export const categoriesQueryOptions = () =>
  queryOptions({ queryKey: ['categories'], queryFn: getCategories, staleTime: 5 * 60_000 });

export function useCategories() {
  return useQuery(categoriesQueryOptions());
}

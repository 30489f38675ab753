import { queryOptions, useQuery } from '@tanstack/react-query';
import { categoryWithProductsSchema } from '@laptops/shared/categories';
import { apiRequest } from '../../../lib/api-client.ts';

export function getCategory(id: string) {
  return apiRequest(`/api/category/${encodeURIComponent(id)}`, categoryWithProductsSchema);
}

export const categoryQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['categories', id], queryFn: () => getCategory(id) });

export function useCategory(id: string) {
  return useQuery(categoryQueryOptions(id));
}

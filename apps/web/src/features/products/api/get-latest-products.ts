import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Product } from '@laptops/shared/products';
import { apiRequest, serverChecked } from '../../../lib/api-client.ts';

export function getLatestProducts() {
  return apiRequest('/api/latestProducts', serverChecked<Product[]>());
}

export const latestProductsQueryOptions = () =>
  queryOptions({ queryKey: ['products', 'latest'], queryFn: getLatestProducts });

export function useLatestProducts() {
  return useQuery(latestProductsQueryOptions());
}

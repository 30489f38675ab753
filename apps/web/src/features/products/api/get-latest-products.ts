import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { productSchema } from '@laptops/shared/products';
import { apiRequest } from '../../../lib/api-client.ts';

export function getLatestProducts() {
  return apiRequest('/api/latestProducts', z.array(productSchema));
}

export const latestProductsQueryOptions = () =>
  queryOptions({ queryKey: ['products', 'latest'], queryFn: getLatestProducts });

export function useLatestProducts() {
  return useQuery(latestProductsQueryOptions());
}

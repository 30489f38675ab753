import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { productSchema } from '@laptops/shared/products';
import { apiRequest } from '../../../lib/api-client.ts';

export function getAdvertisedProducts() {
  return apiRequest('/api/advertiseProducts', z.array(productSchema));
}

export const advertisedProductsQueryOptions = () =>
  queryOptions({ queryKey: ['products', 'advertised'], queryFn: getAdvertisedProducts });

export function useAdvertisedProducts() {
  return useQuery(advertisedProductsQueryOptions());
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Product } from '@laptops/shared/products';
import { apiRequest, serverChecked } from '../../../lib/api-client.ts';

export function getAdvertisedProducts() {
  return apiRequest('/api/advertiseProducts', serverChecked<Product[]>());
}

export const advertisedProductsQueryOptions = () =>
  queryOptions({ queryKey: ['products', 'advertised'], queryFn: getAdvertisedProducts });

export function useAdvertisedProducts() {
  return useQuery(advertisedProductsQueryOptions());
}

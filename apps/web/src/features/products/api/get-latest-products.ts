import { queryOptions, useQuery } from '@tanstack/react-query';
import { firstRequestPaths } from '@laptops/shared/first-requests';
import type { Product } from '@laptops/shared/products';
import { apiRequest, serverChecked } from '../../../lib/api-client.ts';
import { productKeys } from '../../../lib/query-keys.ts';

export function getLatestProducts() {
  return apiRequest(firstRequestPaths.latestProducts, serverChecked<Product[]>());
}

export const latestProductsQueryOptions = () =>
  queryOptions({ queryKey: productKeys.latest(), queryFn: getLatestProducts });

export function useLatestProducts() {
  return useQuery(latestProductsQueryOptions());
}

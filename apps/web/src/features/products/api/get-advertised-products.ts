import { queryOptions, useQuery } from '@tanstack/react-query';
import { firstRequestPaths } from '@laptops/shared/first-requests';
import type { Product } from '@laptops/shared/products';
import { apiRequest, serverChecked } from '../../../lib/api-client.ts';
import { productKeys } from '../../../lib/query-keys.ts';

export function getAdvertisedProducts() {
  return apiRequest(firstRequestPaths.advertisedProducts, serverChecked<Product[]>());
}

export const advertisedProductsQueryOptions = () =>
  queryOptions({ queryKey: productKeys.advertised(), queryFn: getAdvertisedProducts });

export function useAdvertisedProducts() {
  return useQuery(advertisedProductsQueryOptions());
}

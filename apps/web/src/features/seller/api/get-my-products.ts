import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { productSchema } from '@laptops/shared/products';
import { apiRequest } from '../../../lib/api-client.ts';
import { sellerKeys } from '../../../lib/query-keys.ts';

/** The signed-in seller's own products, newest first (the server reads the seller from the session). */
export function getMyProducts() {
  return apiRequest('/api/myProducts', z.array(productSchema));
}

export const myProductsQueryOptions = () =>
  queryOptions({ queryKey: sellerKeys.products, queryFn: getMyProducts });

export function useMyProducts() {
  return useQuery(myProductsQueryOptions());
}

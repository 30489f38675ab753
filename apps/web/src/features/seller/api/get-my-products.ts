import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { productSchema } from '@laptops/shared/products';
import { apiRequest } from '../../../lib/api-client.ts';

export const myProductsQueryKey = ['my-products'] as const;

/** The signed-in seller's own products, newest first (the server reads the seller from the session). */
export function getMyProducts() {
  return apiRequest('/api/myProducts', z.array(productSchema));
}

export const myProductsQueryOptions = () =>
  queryOptions({ queryKey: myProductsQueryKey, queryFn: getMyProducts });

export function useMyProducts() {
  return useQuery(myProductsQueryOptions());
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ownProductSchema } from '@laptops/shared/own-products';
import { apiRequest } from '../../../lib/api-client.ts';
import { sellerKeys } from '../../../lib/query-keys.ts';

/**
 * The signed-in seller's own products, newest first, each with the mobile number it was
 * listed with (the server reads the seller from the session).
 */
export function getMyProducts() {
  return apiRequest('/api/myProducts', z.array(ownProductSchema));
}

export const myProductsQueryOptions = () =>
  queryOptions({ queryKey: sellerKeys.products, queryFn: getMyProducts });

export function useMyProducts() {
  return useQuery(myProductsQueryOptions());
}

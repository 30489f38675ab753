import { queryOptions, useQuery } from '@tanstack/react-query';
import { productDetailsSchema } from '@laptops/shared/product-details';
import { apiRequest } from '../../../lib/api-client.ts';
import { productKeys } from '../../../lib/query-keys.ts';

/** GET /api/products/:id: one laptop with every spec and photo (410 once withdrawn). */
export function getProduct(id: string) {
  return apiRequest(`/api/products/${encodeURIComponent(id)}`, productDetailsSchema);
}

export const productQueryOptions = (id: string) =>
  queryOptions({ queryKey: productKeys.details(id), queryFn: () => getProduct(id) });

export function useProduct(id: string) {
  return useQuery(productQueryOptions(id));
}

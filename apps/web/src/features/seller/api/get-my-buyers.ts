import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { myBuyerSchema } from '@laptops/shared/products';
import { apiRequest } from '../../../lib/api-client.ts';
import { sellerKeys } from '../../../lib/query-keys.ts';

/** The bookings of the signed-in seller's products, with their paid state. */
export function getMyBuyers() {
  return apiRequest('/api/myBuyers', z.array(myBuyerSchema));
}

export const myBuyersQueryOptions = () =>
  queryOptions({ queryKey: sellerKeys.buyers, queryFn: getMyBuyers });

export function useMyBuyers() {
  return useQuery(myBuyersQueryOptions());
}
